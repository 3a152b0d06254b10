import { type PGlite, parse, protocol, type Transaction, type types } from '@electric-sql/pglite';

/**
 * PGlite with a statement cache, for drizzle (db.ts). PGlite's own `query` sends every statement
 * unnamed, so PostgreSQL parses, analyses and plans it on each call: in the embedded database
 * that is most of the cost of a write (the demo's year of production spent two thirds of its time
 * there; docs/operations.md "Start-up time"). Here a data statement (select, insert, update,
 * delete, with) run inside a transaction is prepared once under a name, as node-postgres does for
 * the named statements on PostgreSQL, and later calls only bind and execute it; PostgreSQL keeps
 * its plan (a custom one for the first calls, then the generic one when that costs no more).
 *
 * Answers are PGlite's own: the same parameter serializers, result parsers and errors (a failing
 * statement's error carries its query, as PGlite's does). Anything else (DDL, SET, savepoints, a
 * statement outside a transaction) goes to PGlite's `query` as before, and DDL forgets the cache
 * so that no statement outlives a change of the columns it returns. The cache keeps the `max`
 * statements used last and closes the others.
 */
export function cachedStatements(pgl: PGlite, max = 1000) {
  const { serialize } = protocol;
  /** SQL text → the prepared statement: its name and parameter types. */
  const cache = new Map<string, { name: string; types: number[] }>();
  /** Evicted statements, closed before the next statement is prepared. */
  let toClose: string[] = [];

  const forget = () => {
    toClose.push(...[...cache.values()].map((s) => s.name));
    cache.clear();
  };

  /** Sends protocol messages as one batch, ended by Sync; PGlite parses the answers. */
  const send = async (messages: Uint8Array[]) => {
    const size = messages.reduce((n, m) => n + m.length, 0);
    const batch = new Uint8Array(size + 5);
    let at = 0;
    for (const m of [...messages, serialize.sync()]) {
      batch.set(m, at);
      at += m.length;
    }
    return (await pgl.execProtocol(batch, { syncToFs: false })).messages;
  };

  type Options = Parameters<Transaction['query']>[2];

  /** The statement of `text`, prepared now when it is new; undefined: not one to keep. */
  async function statementOf(text: string, params: unknown[], options: Options) {
    const known = cache.get(text);
    if (known) {
      // most recently used last: the first is the one to evict
      cache.delete(text);
      cache.set(text, known);
      return known;
    }
    if (!DATA_STATEMENT.test(text) || options?.blob) return undefined;
    const name = `pglite_stmt_${++named}`;
    const closing = toClose;
    toClose = [];
    let answers: Awaited<ReturnType<typeof send>>;
    try {
      answers = await send([
        ...closing.map((old) => serialize.close({ type: 'S', name: old })),
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
      ]);
    } catch (error) {
      toClose.push(...closing);
      throw Object.assign(error as Error, { query: text, params, queryOptions: options });
    }
    const statement = { name, types: parse.parseDescribeStatementResults(answers) };
    cache.set(text, statement);
    if (cache.size > max) {
      const [oldest, evicted] = cache.entries().next().value as [string, { name: string }];
      cache.delete(oldest);
      toClose.push(evicted.name);
    }
    return statement;
  }

  function inTransaction(tx: Transaction): Transaction {
    // one statement at a time, as PGlite's own queries go: a batch must not fall between another's messages
    let queue: Promise<unknown> = Promise.resolve();
    const run = async (text: string, params: unknown[] = [], options?: Options) => {
      const statement = await statementOf(text, params, options);
      if (!statement) {
        const answer = await tx.query(text, params, options);
        if (DDL.test(text)) forget();
        return answer;
      }
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = statement.types[i];
        const serializer = options?.serializers?.[type] ?? pgl.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      let answers: Awaited<ReturnType<typeof send>>;
      try {
        answers = await send([
          serialize.bind({ statement: statement.name, values: values as string[] }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
        ]);
      } catch (error) {
        throw Object.assign(error as Error, { query: text, params, queryOptions: options });
      }
      return parse.parseResults(answers, parsersFor(answers, options), { ...options, parsers: undefined })[0];
    };
    return new Proxy(tx, {
      get(target, key, receiver) {
        if (key !== 'query') return Reflect.get(target, key, receiver);
        return (text: string, params?: unknown[], options?: Options) => {
          const answer = queue.then(() => run(text, params, options));
          queue = answer.catch(() => undefined);
          return answer;
        };
      },
    });
  }

  /**
   * The parsers of the answer's columns: the call's own over PGlite's, as PGlite merges them, but
   * only for the types the answer has (merging all of PGlite's 300 on every call is slow).
   */
  function parsersFor(answers: Awaited<ReturnType<typeof send>>, options: Options) {
    const parsers: Record<number, types.Parser> = {};
    for (const m of answers) {
      if (m.name !== 'rowDescription') continue;
      for (const f of (m as unknown as { fields: { dataTypeID: number }[] }).fields) {
        const parser = options?.parsers?.[f.dataTypeID] ?? pgl.parsers[f.dataTypeID];
        if (parser) parsers[f.dataTypeID] = parser;
      }
    }
    return parsers;
  }

  return {
    query: pgl.query.bind(pgl),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) => pgl.transaction((tx) => fn(inTransaction(tx))),
  } as unknown as PGlite;
}

/** Numbers the statements of every cache in the process: two caches may share one PGlite. */
let named = 0;

const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
const DDL = /^\s*(create|alter|drop|comment|truncate)\b/i;
