import { READING_VALUES_MAX, type ReadingInput } from '@factory/shared/api/deviceParameters';
import { ErrorCode } from '@factory/shared/api/errors';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { AppError } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { ingestReadings } from './readings.ts';

/** Every node subscribes in this share group: the broker gives each message to one of them. */
export const TELEMETRY_TOPIC = '$share/factory-api/mes/+/equipment/+/telemetry';
/** A batch is written when it holds this many values … */
export const FLUSH_VALUES = 5000;
/** … or this long after its first message. */
export const FLUSH_MS = 1000;
/** An unknown member code is logged at most this often. */
const UNKNOWN_TENANT_LOG_MS = 60_000;

const TOPIC = /^mes\/([^/]+)\/equipment\/([^/]+)\/telemetry$/;

/** A telemetry message as a reading, or undefined when it is not one (logged and dropped). */
export function parseTelemetry(
  topic: string,
  payload: Buffer,
): { memberCode: string; reading: ReadingInput } | undefined {
  const m = TOPIC.exec(topic);
  if (!m) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
  const { ts, values } = (body ?? {}) as { ts?: unknown; values?: unknown };
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts <= 0) return undefined;
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return undefined;
  const kept: Record<string, number | boolean> = {};
  for (const [code, v] of Object.entries(values).slice(0, READING_VALUES_MAX))
    if (typeof v === 'number' || typeof v === 'boolean') kept[code] = v;
  return { memberCode: m[1], reading: { equipmentCode: m[2], ts, values: kept } };
}

export interface TelemetryFeed {
  /** Writes what is buffered now (tests, shutdown). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The MQTT feed (docs/equipment-readings.md): subscribes to every tenant's telemetry in the share
 * group, buffers readings and writes them per tenant, in that tenant's transaction (row-level
 * security as for a request), every FLUSH_VALUES values or FLUSH_MS. The tenant is the topic's
 * member code (`inTenantOf`, as public calls name theirs); an unknown or disabled one is dropped. A broker that is down or goes away is
 * retried by the client every few seconds; the server runs on without it.
 */
export function startTelemetryFeed(
  services: Pick<Services, 'inTenantOf'>,
  url: string,
  log: FastifyBaseLogger,
): TelemetryFeed {
  /** When each unknown member code was last told of, so a misconfigured gateway does not flood the log. */
  const unknownTold = new Map<string, number>();
  let buffer: { memberCode: string; reading: ReadingInput }[] = [];
  let values = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: typeof buffer): Promise<void> {
    const byTenant = new Map<string, ReadingInput[]>();
    for (const b of batch) {
      const list = byTenant.get(b.memberCode);
      if (list) list.push(b.reading);
      else byTenant.set(b.memberCode, [b.reading]);
    }
    for (const [memberCode, readings] of byTenant) {
      try {
        const result = await services.inTenantOf(memberCode, (tx) => ingestReadings(tx, readings));
        if (result.dropped) log.debug({ memberCode, ...result }, 'telemetry values dropped');
      } catch (err) {
        if (err instanceof AppError && err.code === ErrorCode.notFound) {
          const told = unknownTold.get(memberCode) ?? 0;
          if (Date.now() - told >= UNKNOWN_TENANT_LOG_MS) {
            unknownTold.set(memberCode, Date.now());
            log.warn({ memberCode }, '设备数据的企业编码不存在或已停用，已丢弃');
          }
        } else log.error({ err, memberCode, readings: readings.length }, '设备数据写入失败');
      }
    }
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = buffer;
    buffer = [];
    values = 0;
    // batches are written one after another, so a tenant's samples keep their order
    writing = writing.then(() => (batch.length ? write(batch) : undefined));
    return writing;
  }

  const client = mqtt.connect(url, {
    clientId: `factory-api-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
    reconnectPeriod: 5000,
    connectTimeout: 5000,
    clean: true,
  });
  client.on('connect', () => {
    log.info({ url }, 'telemetry feed connected');
    client.subscribe(TELEMETRY_TOPIC, { qos: 1 }, (err) => {
      if (err) log.error({ err }, 'telemetry subscription refused');
    });
  });
  client.on('error', (err) => log.warn({ err: err.message }, 'telemetry broker error; retrying'));
  client.on('offline', () => log.warn({ url }, 'telemetry broker unreachable; retrying'));
  client.on('message', (topic, payload) => {
    const parsed = parseTelemetry(topic, payload);
    if (!parsed) {
      log.debug({ topic }, 'telemetry message is not a reading; dropped');
      return;
    }
    buffer.push(parsed);
    values += Object.keys(parsed.reading.values).length;
    if (values >= FLUSH_VALUES) void flush();
    else timer ??= setTimeout(() => void flush(), FLUSH_MS);
  });

  return {
    flush,
    async stop() {
      await client.endAsync(true);
      await flush();
    },
  };
}

/** The module's start: the feed when the config names a broker (env MQTT_URL); its stop closes the connection. */
export async function startReadingFeed(app: FastifyInstance, services: Services) {
  const url = services.config.mqttUrl;
  if (!url) return undefined;
  const feed = startTelemetryFeed(services, url, app.log);
  return () => feed.stop();
}
