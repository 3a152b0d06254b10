import type { Access, BodyOf, Endpoint, QueryOf } from '@factory/shared/api/contract';
import { EnvelopeOf } from '@factory/shared/api/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from './db.ts';
import { checkPageSize } from './list.ts';
import type { Services } from './services.ts';
import type { SessionInfo } from './session.ts';

export const API_PREFIX = '/api/web/v1/';

export type { Access };

export interface Ctx<Q, B> {
  req: FastifyRequest;
  reply: FastifyReply;
  query: Q;
  body: B;
  services: Services;
  /** The signed-in user; undefined only on public routes. */
  session: SessionInfo;
  /** The tenant transaction (row-level security in force); absent when the route says tx: false. */
  tx: Tx;
  /**
   * Runs fn once the transaction has committed (event dispatch, pushes that must not outrun the
   * data); the answer waits for it, bounded.
   */
  afterCommit(fn: () => void | Promise<void>): void;
}

/** A route as the app registers it: the endpoint shared declares, and how the server serves it. */
export interface RouteDef {
  /** Method, path, access and schemas: the declaration itself (the contract test holds them together). */
  endpoint: Endpoint;
  /**
   * false: the handler opens no tenant transaction (it does no tenant I/O, or manages its own).
   * 'system': a provider route that writes across tenants (the changelog's notifications) runs in
   * an owner transaction instead; only provider routes may ask for it.
   */
  tx?: boolean | 'system';
  handler: (ctx: Ctx<unknown, unknown>) => Promise<unknown>;
}

/** What the server adds to a declared endpoint: how its handler runs. */
export interface Implementation<E extends Endpoint> {
  /** See RouteDef.tx. */
  tx?: boolean | 'system';
  handler: (ctx: Ctx<QueryOf<E>, BodyOf<E>>) => Promise<unknown>;
}

/**
 * Serves an endpoint declared in shared (`shared/src/api/<module>.ts`): method, path, access and
 * schemas come from the declaration, the handler's types too; the module adds only the handler.
 */
export const handle = <E extends Endpoint>(e: E, impl: Implementation<E>): RouteDef => ({
  endpoint: e,
  tx: impl.tx,
  // the schemas of `e` validate query and body before the handler runs
  handler: impl.handler as RouteDef['handler'],
});

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    session?: SessionInfo;
  }
}

/**
 * How long an answer waits for its after-commit tasks (the dispatch of its events, pushes): long
 * enough that the caller's next read sees their effects, short enough that a stuck subscriber
 * costs one slow answer, not a hung one — the outbox drain finishes what did not settle.
 */
const AFTER_COMMIT_WAIT_MS = 5000;

/** The data is written: a failed or slow task is logged, never turned into a failed call. */
async function settleCommitted(tasks: (() => void | Promise<void>)[], log: FastifyRequest['log']) {
  let timer: NodeJS.Timeout | undefined;
  const all = Promise.all(
    tasks.map((fn) =>
      Promise.resolve()
        .then(fn)
        .catch((err) => log.warn({ err }, 'after-commit task failed')),
    ),
  );
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      log.warn('after-commit tasks still running; answering without them');
      resolve();
    }, AFTER_COMMIT_WAIT_MS);
  });
  await Promise.race([all, late]);
  clearTimeout(timer);
}

export function registerRoutes(app: FastifyInstance, services: Services, defs: readonly RouteDef[]): void {
  for (const def of defs) {
    const e = def.endpoint;
    if (def.tx === 'system' && !('provider' in e.access && e.access.provider))
      throw new Error(`${e.path}: only provider routes may run outside row-level security`);
    const tag = e.path.split('/')[0];
    const props = (e.query as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    const pagedList = 'currentPage' in props && 'pageSize' in props;
    app.route({
      method: e.method,
      url: API_PREFIX + e.path,
      config: { access: e.access },
      schema: {
        summary: e.summary,
        tags: [tag],
        ...(e.query ? { querystring: e.query } : {}),
        ...(e.body ? { body: e.body } : {}),
        ...(e.result ? { response: { 200: EnvelopeOf(e.result) } } : {}),
      },
      handler: async (req, reply) => {
        const session = req.session as SessionInfo;
        // every list call's page size must be one the tenant offers (page_size_config), checked once here
        if (pagedList && session)
          checkPageSize((req.query as { pageSize: number }).pageSize, session.pageSizes);
        const committed: (() => void | Promise<void>)[] = [];
        const run = (tx: Tx) =>
          def.handler({
            req,
            reply,
            query: req.query as never,
            body: req.body as never,
            services,
            session,
            tx,
            afterCommit: (fn) => committed.push(fn),
          });
        const result =
          def.tx === false || !session
            ? await run(undefined as unknown as Tx)
            : def.tx === 'system'
              ? await services.db.withSystem(run)
              : await services.db.withTenant(session.tenantId, run);
        if (committed.length) await settleCommitted(committed, req.log);
        if (reply.sent) return reply;
        return { errorCode: 0, result: result ?? null, errorMsg: '' };
      },
    });
  }
}
