import path from 'node:path';

/** Everything the server reads from its environment, read once. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… for a real server; undefined means embedded PGlite in dataDir. */
  databaseUrl?: string;
  /** Only used on PostgreSQL: connections in the pool. */
  poolSize: number;
  redisUrl?: string;
  /** Key and channel prefix in Redis, so deployments (or test runs) can share one server (env REDIS_PREFIX). */
  redisPrefix: string;
  /** Sockets that do not answer a ping within this long are dropped (env WS_HEARTBEAT_SECONDS). */
  wsHeartbeatMs: number;
  sessionIdleMinutes: number;
  loginMaxFailures: number;
  /** How long an account stays locked after too many failures (env LOGIN_LOCK_MINUTES). */
  loginLockSeconds: number;
  /** Failed logins from one address within the lock window before it is refused. */
  loginMaxFailuresPerIp: number;
  bodyLimitBytes: number;
  /** Behind a load balancer: take the client address from X-Forwarded-For (login throttling uses it). */
  trustProxy: boolean;
  logLevel: string;
  /** Write the demo tenants when the database is empty. */
  demo: boolean;
}

const int = (v: string | undefined, d: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : d;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    poolSize: int(env.DB_POOL_SIZE, 20),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'factory:',
    wsHeartbeatMs: int(env.WS_HEARTBEAT_SECONDS, 30) * 1000,
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 12 * 60),
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5),
    loginLockSeconds: int(env.LOGIN_LOCK_MINUTES, 15) * 60,
    loginMaxFailuresPerIp: int(env.LOGIN_MAX_FAILURES_PER_IP, 30),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    trustProxy: env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
    demo: env.DEMO !== '0',
    ...overrides,
  };
}
