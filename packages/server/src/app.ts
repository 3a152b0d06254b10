import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ErrorCode,
  type ErrorCodeValue,
  errorDefaultMessage,
  errorHttpStatus,
} from '@factory/shared/api/errors';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { type Config, loadConfig } from './config.ts';
import { allRoutes, modules } from './modules/index.ts';
import { authRoutes } from './platform/auth.ts';
import { type Counters, memoryCounters, redisCounters } from './platform/counters.ts';
import { type Database, openDatabase } from './platform/db.ts';
import { localBus, type NotificationBus, redisBus } from './platform/realtime/bus.ts';
import { NotificationHub } from './platform/realtime/hub.ts';
import { registerNotificationSocket } from './platform/realtime/socket.ts';
import './platform/cipher.ts';
import { AppError, duplicateError } from './platform/errors.ts';
import { DRAIN_JOB, EventBus, scheduleDrain } from './platform/events/bus.ts';
import { buildValidator, clientErrorHandler, inputKeywords } from './platform/inputRules.ts';
import { createJobs, type JobTuning } from './platform/jobs/jobs.ts';
import { installModules, moduleServices } from './platform/module.ts';
import { API_PREFIX, type RouteDef } from './platform/route.ts';
import { registerSecurityHeaders } from './platform/securityHeaders.ts';
import { createServices, type Services } from './platform/services.ts';
import { cacheSessions, installGuard } from './platform/session.ts';
import { fieldErrors } from './platform/validation.ts';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Build-hashed files (assets/): kept by browsers for a year. */
const ASSET_CACHE = 'public, max-age=31536000, immutable';
/** The index page and the other unhashed files: asked again every time. */
const INDEX_CACHE = 'no-cache';

export interface AppOptions {
  config?: Partial<Config>;
  /** An open database (tests pass a migrated one); otherwise opened from the config. */
  db?: Database;
  counters?: Counters;
  /** How this node reaches the others' sockets; from REDIS_URL when not given. */
  bus?: NotificationBus;
  logger?: boolean;
  /** Job polling and cron check intervals (tests shorten them). */
  jobs?: JobTuning;
  /** The built web app served beside the API (tests give a folder of their own). */
  webDist?: string;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  routes: readonly RouteDef[];
  close(): Promise<void>;
}

const envelope = (code: ErrorCodeValue, errorMsg: string, result: unknown = null, requestId?: string) => ({
  errorCode: code,
  result,
  errorMsg,
  ...(requestId ? { requestId } : {}),
});

/** Maps Fastify's own failures (parsing, limits, validation) to the envelope with a Chinese message. */
function frameworkError(
  err: FastifyError,
): { code: ErrorCodeValue; message: string; result?: unknown } | undefined {
  if (err.validation) {
    const fields = fieldErrors(err.validation as never);
    return {
      code: ErrorCode.validation,
      message: fields[0]?.message ?? errorDefaultMessage[1],
      result: fields,
    };
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: ErrorCode.validation, message: '请求内容不是有效的JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: ErrorCode.validation, message: '请求内容过大' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: ErrorCode.validation, message: '不支持的请求内容类型' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: ErrorCode.validation, message: '请求内容长度不正确' };
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_INVALID_URL':
      return { code: ErrorCode.notFound, message: '请求的地址不存在' };
  }
  if (err.statusCode === 413) return { code: ErrorCode.validation, message: '请求内容过大' };
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return { code: ErrorCode.validation, message: '请求格式不正确' };
  }
  return undefined;
}

export async function buildApp(opts: AppOptions = {}): Promise<BuiltApp> {
  const config = loadConfig(process.env, opts.config);
  const db =
    opts.db ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.poolSize,
    }));
  let bus = opts.bus;

  let seq = 0;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            // file links carry the token in ?token= (an <img> cannot send a header): keep it out of logs
            serializers: {
              req: (req) => ({
                method: req.method,
                url: req.url.replace(/([?&]token=)[^&]*/g, '$1***'),
                ip: req.ip,
              }),
            },
          },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: () => `${Date.now().toString(36)}-${(++seq).toString(36)}`,
    ajv: {
      // verbose: errors carry their schema, so messages can use the field's Chinese title
      customOptions: {
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: true,
        verbose: true,
        // annotations only: validation.ts says them instead of the default messages
        keywords: ['requiredMessage', 'patternMessage'],
      },
      // formats first (Fastify adds ajv-formats after the plugins otherwise), then ours over them
      plugins: [addFormats as unknown as typeof inputKeywords, inputKeywords],
    },
    schemaController: { compilersFactory: { buildValidator } },
    clientErrorHandler,
    // a URL the router cannot decode never reaches the error handler: the same envelope all the same
    frameworkErrors: (error, _req, reply) => {
      const known = frameworkError(error) ?? { code: ErrorCode.validation, message: '请求格式不正确' };
      (reply as unknown as FastifyReply)
        .status(errorHttpStatus[known.code])
        .send(envelope(known.code, known.message, null));
    },
    routerOptions: { maxParamLength: 200 },
  });

  const counters =
    opts.counters ??
    (config.redisUrl ? redisCounters(config.redisUrl, config.redisPrefix, app.log) : memoryCounters());
  bus ??= config.redisUrl ? redisBus(config.redisUrl, config.redisPrefix, app.log) : localBus();
  const sessions = cacheSessions(db, bus);
  const services = createServices(
    config,
    db,
    counters,
    new NotificationHub(bus, config.wsHeartbeatMs),
    sessions.cache,
    moduleServices(modules),
    { events: new EventBus(db, app.log), jobs: createJobs(db, app.log, opts.jobs) },
  );

  // the API speaks JSON (multipart where a route parses its own body); plain text is refused
  app.removeContentTypeParser('text/plain');

  app.setErrorHandler((error: unknown, req, reply) => {
    if (error instanceof AppError) {
      const err = error;
      return reply.status(errorHttpStatus[err.code]).send(envelope(err.code, err.message, err.result));
    }
    const err = error as FastifyError;
    const known = frameworkError(err);
    if (known)
      return reply
        .status(errorHttpStatus[known.code])
        .send(envelope(known.code, known.message, known.result ?? null));
    const duplicate = duplicateError(error);
    if (duplicate)
      return reply
        .status(errorHttpStatus[duplicate.code])
        .send(envelope(duplicate.code, duplicate.message, duplicate.result));
    req.log.error({ err, reqId: req.id }, 'unhandled error');
    return reply
      .status(500)
      .send(
        envelope(ErrorCode.internal, `${errorDefaultMessage[9]}（编号 ${req.id}）`, null, String(req.id)),
      );
  });

  // decided once: static serving is registered only when the web app was built before start-up;
  // its files are looked up on each request, so a rebuild's new chunks are served at once
  const webDist = opts.webDist ?? WEB_DIST;
  const serveWeb = fs.existsSync(webDist);
  app.setNotFoundHandler((req, reply) => {
    const { pathname } = new URL(req.url, 'http://local');
    // an API path, or a file that is not there (a chunk of another build): not the index page
    if (pathname.startsWith('/api/') || !serveWeb || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.status(404).send(envelope(ErrorCode.notFound, '请求的地址不存在'));
    }
    // the web app routes on the client: unknown non-API paths get its index page, never cached
    return reply.header('cache-control', INDEX_CACHE).type('text/html').sendFile('index.html');
  });

  await registerSecurityHeaders(app);
  await app.register(fastifySwagger, {
    openapi: { info: { title: '工厂MES与售后服务平台 API', version: '1.0.0' } },
  });
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());

  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      cacheControl: false,
      // hashed chunks never change under their name; the index page names the current build's
      setHeaders: (reply, file) =>
        reply.header(
          'cache-control',
          path.relative(webDist, file).startsWith(`assets${path.sep}`) ? ASSET_CACHE : INDEX_CACHE,
        ),
    });
  }

  await registerNotificationSocket(app, services);
  installGuard(app, services);
  const stops = await installModules(app, services, modules, authRoutes);
  await scheduleDrain(services.events, services.jobs);
  // jobs need the migrated database, and main.ts migrates after building: they start once ready,
  // with one drain for whatever a node that died left committed but undelivered
  app.addHook('onReady', async () => {
    await services.jobs.start();
    await services.jobs.send(DRAIN_JOB);
  });
  app.addHook('onClose', async () => {
    await services.jobs.stop();
    for (const stop of stops) await stop();
    sessions.stop();
    await services.notifications.close();
    await counters.close();
    if (!opts.db) await db.close();
  });

  return { app, services, routes: allRoutes, close: () => app.close() };
}

export { API_PREFIX };
