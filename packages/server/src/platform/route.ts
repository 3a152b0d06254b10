import type { Access, BodyOf, Endpoint, QueryOf } from '@factory/shared/api/contract';
import { EnvelopeOf } from '@factory/shared/api/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Tx } from './db.ts';
import { checkPageSize } from './list.ts';
import type { Services } from './services.ts';
import type { SessionInfo } from './session.ts';

export const API_PREFIX = '/api/web/v1/';

export type { Access };

type In<S> = S extends TSchema ? Static<S> : undefined;

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

export interface RouteDef<
  Q extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  R extends TSchema | undefined = TSchema | undefined,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api/web/v1/, exactly as the spec names it. */
  url: string;
  summary: string;
  access: Access;
  query?: Q;
  body?: B;
  /** Schema of `result`; Fastify serialises only what it declares. */
  result?: R;
  /**
   * false: the handler opens no tenant transaction (it does no tenant I/O, or manages its own).
   * 'system': a provider route that writes across tenants (the changelog's notifications) runs in
   * an owner transaction instead; only provider routes may ask for it.
   */
  tx?: boolean | 'system';
  /** Multipart or binary bodies are parsed by the handler. */
  rawBody?: boolean;
  handler: (ctx: Ctx<In<Q>, In<B>>) => Promise<In<R> | unknown>;
  /** The endpoint declared in shared that this route serves (the contract test holds them together). */
  declared: Endpoint;
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
export const handle = <E extends Endpoint>(e: E, impl: Implementation<E>): RouteDef =>
  ({
    method: e.method,
    url: e.path,
    summary: e.summary,
    access: e.access,
    query: e.query,
    body: e.body,
    result: e.result,
    rawBody: e.multipart,
    tx: impl.tx,
    handler: impl.handler,
    declared: e,
  }) as unknown as RouteDef;

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
    if (def.tx === 'system' && !('provider' in def.access && def.access.provider))
      throw new Error(`${def.url}: only provider routes may run outside row-level security`);
    const tag = def.url.split('/')[0];
    const props = (def.query as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    const pagedList = 'currentPage' in props && 'pageSize' in props;
    app.route({
      method: def.method,
      url: API_PREFIX + def.url,
      config: { access: def.access },
      schema: {
        summary: def.summary,
        tags: [tag],
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.body ? { body: def.body } : {}),
        ...(def.result ? { response: { 200: EnvelopeOf(def.result) } } : {}),
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
