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
  /** The broker equipment telemetry is read from (mqtt://…, env MQTT_URL); none: readings come over HTTP only. */
  mqttUrl?: string;
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
    mqttUrl: env.MQTT_URL || undefined,
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

/**
 * What an uploaded xlsx may unpack to (issue 17 item 1: a zip bomb must not take a node down).
 * The reader (platform/excel/reader.ts) checks them while it inflates, before the memory is
 * spent; over a limit the import is refused with a message naming it. The largest import the
 * spec allows is 10 000 rows under 5 MB packed: 10 000 × 30 columns of distinct Chinese text is
 * an 11 MB sheet and 22 MB of shared strings, so the sizes leave about twice that.
 * docs/operations.md "Upload limits" lists them; each has an environment variable.
 */
export interface UnpackLimits {
  /** Parts (zip entries) one file may hold (env UNPACK_MAX_ENTRIES). */
  maxEntries: number;
  /** Bytes all the parts read may unpack to together (env UNPACK_MAX_TOTAL_MB). */
  maxTotalBytes: number;
  /** Bytes the worksheet may unpack to (env UNPACK_MAX_SHEET_MB). */
  maxSheetBytes: number;
  /** Bytes the shared strings (the workbook's text) may unpack to (env UNPACK_MAX_SHARED_STRINGS_MB). */
  maxSharedStringsBytes: number;
  /**
   * Bytes any other part read (workbook, relationships, styles) may unpack to: exceljs makes an
   * object of each of their elements, about 37 times the element's size (env UNPACK_MAX_PART_MB).
   */
  maxPartBytes: number;
  /** Unpacked ÷ packed size of a part, checked once it has unpacked 1 MB (env UNPACK_MAX_RATIO). */
  maxRatio: number;
  /** Rows in the sheet, empty ones included (env UNPACK_MAX_ROWS). */
  maxRows: number;
  /** The rightmost column a cell may stand in (env UNPACK_MAX_COLUMNS). */
  maxColumns: number;
}

const MB = 1024 * 1024;

export function loadUnpackLimits(env: NodeJS.ProcessEnv = process.env): UnpackLimits {
  return {
    maxEntries: int(env.UNPACK_MAX_ENTRIES, 1000),
    maxTotalBytes: int(env.UNPACK_MAX_TOTAL_MB, 100) * MB,
    maxSheetBytes: int(env.UNPACK_MAX_SHEET_MB, 60) * MB,
    maxSharedStringsBytes: int(env.UNPACK_MAX_SHARED_STRINGS_MB, 40) * MB,
    maxPartBytes: int(env.UNPACK_MAX_PART_MB, 2) * MB,
    maxRatio: int(env.UNPACK_MAX_RATIO, 100),
    maxRows: int(env.UNPACK_MAX_ROWS, 100_000),
    maxColumns: int(env.UNPACK_MAX_COLUMNS, 256),
  };
}
