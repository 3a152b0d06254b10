import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { LOOKUP_SQL, tokenTenant } from '../../packages/server/src/platform/session.ts';

/**
 * The bare baseline: Fastify 5 with no schemas, hooks, plugins or logger, and a pg.Pool of the
 * same size as the app's, answering the same questions with hand-written SQL in one round trip.
 * The app's figures are reported as a share of these, measured in the same run.
 */

/** The app's own session statement, so the two can never drift apart. */
export const SESSION_SQL = LOOKUP_SQL;

/** The app's basic-config page with a name filter and its default order, as one statement. */
export const CONFIG_LIST_SQL = `
    select id, code, name, value, group_code, is_show, sort, (count(*) over())::int as total
    from basic_config
    where tenant_id = $1 and name ilike $2
    order by sort asc, id asc
    limit $3 offset $4`;

/** The app's own paths, so both servers route and parse the same request line. */
export const PATHS = {
  loginInfo: '/api/web/v1/authority/private/user/getLoginInfo',
  configList: '/api/web/v1/basicConfig/private/basicConfig/getBasicConfigList',
} as const;

export interface BaselineOptions {
  databaseUrl: string;
  poolSize: number;
  /** Tenant whose rows the list reads: the baseline has no session, the app derives it from one. */
  tenantId: number;
  sessionIdleMinutes: number;
}

export interface Baseline {
  app: FastifyInstance;
  pool: pg.Pool;
  /** http://127.0.0.1:port */
  url: string;
  close(): Promise<void>;
}

const ok = (result: unknown) => ({ errorCode: 0, result, errorMsg: '' });
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

interface ConfigRow {
  id: number;
  code: string;
  name: string;
  value: string;
  group_code: string;
  is_show: boolean;
  sort: number;
  total: number;
}

export async function startBaseline(opts: BaselineOptions): Promise<Baseline> {
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize });
  pool.on('error', () => {
    // an idle client dropped; the pool replaces it
  });
  const app = Fastify({ logger: false });

  const lookupSession = async (token: string | string[] | undefined) => {
    if (typeof token !== 'string' || token.length > 200) return undefined;
    const tenantId = tokenTenant(token);
    if (tenantId === undefined) return undefined;
    const hash = createHash('sha256').update(token).digest('hex');
    // prepared by name, as the app does: a bare server written for speed would do the same
    const { rows } = await pool.query<{ tenant_id: number }>({
      name: 'session_lookup',
      text: SESSION_SQL,
      values: [tenantId, hash, opts.sessionIdleMinutes],
    });
    return rows[0];
  };

  app.post(PATHS.loginInfo, async (req, reply) => {
    const row = await lookupSession(req.headers.token);
    if (!row) return reply.status(401).send({ errorCode: 2, result: null, errorMsg: 'no session' });
    return ok(row);
  });

  app.get(PATHS.configList, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    let tenantId = opts.tenantId;
    // ?session=1: also look the session up first (2 round trips, no transaction), to tell how much
    // of the app's gap is the sign-in check every private call needs and how much its transaction
    // ?session=rls: the app's exact SQL sequence (session, BEGIN + tenant settings, select, COMMIT),
    // so the remaining gap is the framework alone
    if (q.session === '1' || q.session === 'rls') {
      const session = await lookupSession(req.headers.token);
      if (!session) return reply.status(401).send({ errorCode: 2, result: null, errorMsg: 'no session' });
      tenantId = session.tenant_id;
    }
    const pageSize = Number(q.pageSize ?? 20);
    const page = Number(q.currentPage ?? 1);
    const params = [tenantId, `%${escapeLike(q.name ?? '')}%`, pageSize, (page - 1) * pageSize];
    let rows: ConfigRow[];
    if (q.session === 'rls') {
      const client = await pool.connect();
      try {
        await client.query(
          `begin; set local role factory_app; set local app.tenant_id = '${Number(tenantId)}'`,
        );
        rows = (await client.query<ConfigRow>(CONFIG_LIST_SQL, params)).rows;
        await client.query('commit');
      } finally {
        client.release();
      }
    } else {
      rows = (await pool.query<ConfigRow>(CONFIG_LIST_SQL, params)).rows;
    }
    // the same result shape as the app's PageResult(BasicConfigItem)
    return ok({
      content: rows.map((r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        value: r.value,
        groupCode: r.group_code,
        isShow: r.is_show,
        sort: r.sort,
      })),
      total: rows[0]?.total ?? 0,
    });
  });

  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (err) {
    await pool.end();
    throw err;
  }
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    pool,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}
