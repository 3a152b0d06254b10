import { READING_VALUES_MAX, type ReadingInput, type StateInput } from '@factory/shared/api/deviceParameters';
import { ErrorCode } from '@factory/shared/api/errors';
import { machineState } from '@factory/shared/enums';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { AppError } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { ingestReadings } from './readings.ts';
import { ingestStates } from './runStates.ts';

const MACHINE_STATES: readonly number[] = machineState.values;

/** Every node subscribes in this share group: the broker gives each message to one of them. */
export const SHARE_GROUP = 'factory-api';
/** The telemetry and machine state topics (docs/equipment-readings.md), in a share group. */
const feedTopics = (group: string) => [
  `$share/${group}/mes/+/equipment/+/telemetry`,
  `$share/${group}/mes/+/equipment/+/state`,
];
/** A batch is written when it holds this many values … */
export const FLUSH_VALUES = 5000;
/** … or this long after its first message. */
export const FLUSH_MS = 1000;
/** An unknown member code is logged at most this often. */
const UNKNOWN_TENANT_LOG_MS = 60_000;

const TOPIC = /^mes\/([^/]+)\/equipment\/([^/]+)\/(telemetry|state)$/;

/** A message of the feed: readings of a machine, or its state. */
export type FeedMessage =
  | { memberCode: string; reading: ReadingInput }
  | { memberCode: string; state: StateInput };

const isTime = (ts: unknown): ts is number => typeof ts === 'number' && Number.isSafeInteger(ts) && ts > 0;

/**
 * A telemetry or state message as what it says, or undefined when it is neither (logged and
 * dropped). A state without a time is taken at `receivedAt`: a gateway's MQTT last will, which the
 * broker sends when the gateway drops off, cannot carry the moment.
 */
export function parseFeedMessage(
  topic: string,
  payload: Buffer,
  receivedAt = Date.now(),
): FeedMessage | undefined {
  const m = TOPIC.exec(topic);
  if (!m) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
  const { ts, values, state } = (body ?? {}) as { ts?: unknown; values?: unknown; state?: unknown };
  if (m[3] === 'state') {
    if (ts !== undefined && !isTime(ts)) return undefined;
    if (typeof state !== 'number' || !MACHINE_STATES.includes(state)) return undefined;
    return { memberCode: m[1], state: { equipmentCode: m[2], ts: ts ?? receivedAt, state } };
  }
  if (!isTime(ts)) return undefined;
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
  /** Another group takes every message too (tests running side by side on one broker). */
  group = SHARE_GROUP,
): TelemetryFeed {
  /** When each unknown member code was last told of, so a misconfigured gateway does not flood the log. */
  const unknownTold = new Map<string, number>();
  let buffer: FeedMessage[] = [];
  let values = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: typeof buffer): Promise<void> {
    const byTenant = new Map<string, { readings: ReadingInput[]; states: StateInput[] }>();
    for (const b of batch) {
      const part = byTenant.get(b.memberCode) ?? { readings: [], states: [] };
      byTenant.set(b.memberCode, part);
      if ('reading' in b) part.readings.push(b.reading);
      else part.states.push(b.state);
    }
    for (const [memberCode, { readings, states }] of byTenant) {
      try {
        const [result, stateResult] = await services.inTenantOf(memberCode, async (tx) => [
          readings.length ? await ingestReadings(tx, readings) : undefined,
          states.length ? await ingestStates(tx, states) : undefined,
        ]);
        if (result?.dropped) log.debug({ memberCode, ...result }, 'telemetry values dropped');
        if (stateResult?.dropped) log.debug({ memberCode, ...stateResult }, 'machine states dropped');
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
    client.subscribe(feedTopics(group), { qos: 1 }, (err) => {
      if (err) log.error({ err }, 'telemetry subscription refused');
    });
  });
  client.on('error', (err) => log.warn({ err: err.message }, 'telemetry broker error; retrying'));
  client.on('offline', () => log.warn({ url }, 'telemetry broker unreachable; retrying'));
  client.on('message', (topic, payload) => {
    const parsed = parseFeedMessage(topic, payload);
    if (!parsed) {
      log.debug({ topic }, 'feed message is neither readings nor a state; dropped');
      return;
    }
    buffer.push(parsed);
    values += 'reading' in parsed ? Object.keys(parsed.reading.values).length : 1;
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
