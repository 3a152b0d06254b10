import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { tokenTenant } from '../../packages/server/src/platform/session.ts';
import { SESSION_SQL } from './baseline.ts';

/**
 * The bare baseline of a list endpoint: Fastify 5 with no schemas, hooks, plugins or logger,
 * answering on the app's own path by replaying the very statement the app sent for the same
 * request (text and bound values, captured from the app at start-up), so the two sides differ
 * only in what the app does around the SQL. Used for the user list and the material list.
 *
 * - `?q=<key>`: the captured select alone, one round trip, on a pool whose connections are put
 *   under the tenant once (`factory_app` role and app.tenant_id as startup options), so the select
 *   is planned and filtered by row-level security exactly as the app's is. The headline.
 * - `?q=<key>&session=rls`: the app's whole sequence: session look-up (named prepared statement,
 *   as the owner), `begin; set_config(role), set_config(app.tenant_id)`, the select, `commit`.
 *   What remains between this and the app is the framework and the app's own JavaScript.
 */

/** One statement to replay, as the app sent it. */
export interface ReplayQuery {
  text: string;
  values: unknown[];
}

/**
 * A column of the select, by position (rowMode 'array': several expressions share a column name):
 * the key the row has in the answer, and how the app turns the driver's value into JSON (a
 * `numeric` arrives as text and the app answers a number).
 */
export type ListColumn = string | readonly [key: string, map: (value: unknown) => unknown];

export interface ListBaselineOptions {
  databaseUrl: string;
  poolSize: number;
  tenantId: number;
  sessionIdleMinutes: number;
  /** The app's path, so both servers route and parse the same request line. */
  path: string;
  /** The select's row columns in order; the one column after them is the total (list.ts `__total`). */
  columns: readonly ListColumn[];
  /** Captured selects by key (`?q=`). */
  queries: Record<string, ReplayQuery>;
}

export interface ListBaseline {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

const ok = (result: unknown) => ({ errorCode: 0, result, errorMsg: '' });

/**
 * Rows as the app's PageResult: one object per row, the total from the column after the row's
 * (list.ts's `__total`, a scalar subquery the select ends with). Any other column count means the
 * columns given no longer match the app's select, which would shift every value: refused.
 */
function pager(columns: readonly ListColumn[]) {
  const specs = columns.map((c) => (typeof c === 'string' ? ([c, undefined] as const) : c));
  return (rows: unknown[][]) => {
    const width = rows[0]?.length ?? specs.length;
    if (width !== specs.length && width !== specs.length + 1)
      throw new Error(`the select has ${width} columns, the baseline knows ${specs.length} and a total`);
    const hasTotal = width > specs.length;
    return {
      content: rows.map((r) => {
        const o: Record<string, unknown> = {};
        specs.forEach(([k, map], i) => {
          o[k] = map ? map(r[i]) : r[i];
        });
        return o;
      }),
      total: hasTotal ? Number(rows[0][specs.length]) : rows.length,
    };
  };
}

export async function startListBaseline(opts: ListBaselineOptions): Promise<ListBaseline> {
  const pageOf = pager(opts.columns);
  const tenantId = Number(opts.tenantId);
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`bad tenant id ${opts.tenantId}`);
  // short idle timeouts: the two pools take turns, and should not sit on connections meanwhile
  const owner = new pg.Pool({
    connectionString: opts.databaseUrl,
    max: opts.poolSize,
    idleTimeoutMillis: 2000,
  });
  // every connection starts under the tenant (startup options: no extra statement, no round trip)
  const tenant = new pg.Pool({
    connectionString: opts.databaseUrl,
    max: opts.poolSize,
    idleTimeoutMillis: 2000,
    options: `-c role=factory_app -c app.tenant_id=${tenantId}`,
  });
  for (const pool of [owner, tenant]) {
    pool.on('error', () => {
      // an idle client dropped; the pool replaces it
    });
  }
  const app = Fastify({ logger: false });
  app.get(opts.path, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const query = q.q !== undefined && Object.hasOwn(opts.queries, q.q) ? opts.queries[q.q] : undefined;
    if (!query) return reply.status(400).send({ errorCode: 1, result: null, errorMsg: 'unknown q' });
    const config = { text: query.text, values: query.values, rowMode: 'array' as const };
    if (q.session !== 'rls') return ok(pageOf((await tenant.query<unknown[]>(config)).rows));

    const token = req.headers.token;
    const tenantId = typeof token === 'string' ? tokenTenant(token) : undefined;
    if (typeof token !== 'string' || tenantId === undefined)
      return reply.status(401).send({ errorCode: 2, result: null, errorMsg: 'no session' });
    const { rows: sessions } = await owner.query<{ tenant_id: number }>({
      name: 'session_lookup',
      text: SESSION_SQL,
      values: [tenantId, createHash('sha256').update(token).digest('hex'), opts.sessionIdleMinutes],
    });
    const session = sessions[0];
    if (!session) return reply.status(401).send({ errorCode: 2, result: null, errorMsg: 'no session' });
    const client = await owner.connect();
    let broken: Error | undefined;
    try {
      await client.query(
        `begin; set local role factory_app; set local app.tenant_id = '${Number(session.tenant_id)}'`,
      );
      const rows = (await client.query<unknown[]>(config)).rows;
      await client.query('commit');
      return ok(pageOf(rows));
    } catch (err) {
      await client.query('rollback').catch((e: Error) => {
        broken = e;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  });

  const closePools = () => Promise.allSettled([owner.end(), tenant.end()]);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (err) {
    await closePools();
    throw err;
  }
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await closePools();
    },
  };
}
