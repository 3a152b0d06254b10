import type { Tx } from './db.ts';

/**
 * A hot statement built once per connection with placeholders (`sql.placeholder`) and named, so
 * neither drizzle rebuilds its text nor PostgreSQL parses and plans it on every call: `build`
 * makes it for a transaction handle, which node-postgres keeps per pooled connection (PGlite has
 * one per transaction, so there it is built per transaction). The name must be unique across the
 * app: the connection keeps the statement under it.
 */
export function preparedStatement<R>(
  name: string,
  build: (tx: Tx) => { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> } },
): (tx: Tx, values: Record<string, unknown>) => Promise<R> {
  const built = new WeakMap<Tx, { execute(values?: Record<string, unknown>): Promise<R> }>();
  return (tx, values) => {
    let statement = built.get(tx);
    if (!statement) {
      statement = build(tx).prepare(name);
      built.set(tx, statement);
    }
    return statement.execute(values);
  };
}
