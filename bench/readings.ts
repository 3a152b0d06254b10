/**
 * Equipment readings at scale (issue 23, "Speed"), measured side by side in one run on PostgreSQL:
 * - ingestion on one node: readings/s through the product's ingestion (`ingestReadings`: resolve
 *   codes, dedupe, raw rows, hourly rollup, latest value and alarm rule, in tenant transactions of
 *   FLUSH_VALUES values as the MQTT feed writes them) — target ≥ 5 000/s — against a bare batched
 *   insert of the same rows (the same key, nothing else); and the same readings end to end through
 *   Mosquitto (published to the telemetry topic, taken by the feed, stored) when the broker at
 *   BENCH_MQTT_URL answers;
 * - a trend of one parameter over a year of one-minute readings (525 600 rows) among
 *   BENCH_RD_ROWS (10 000 000) generated with generate_series: the product's trend call (which
 *   reads the hourly rollup) — target < 200 ms (median of BENCH_RD_RUNS) — and, for comparison,
 *   the same year bucketed straight from the raw rows, and a week from the raw rows.
 * A report only: exits 0 whatever the figures, non-zero only when something failed.
 *
 * Run: `node --import tsx bench/readings.ts`.
 * Env: BENCH_PG_URL, BENCH_MQTT_URL (mqtt://127.0.0.1:1883), BENCH_RD_VALUES (200 000 ingested
 * values), BENCH_RD_ROWS (10 000 000), BENCH_RD_RUNS (7).
 */
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import pg from 'pg';
import {
  deviceParameterTrend,
  equipmentCrud,
  equipmentParam,
  FLUSH_VALUES,
  ingestReadings,
  startTelemetryFeed,
} from '../packages/server/src/modules/equipment/index.ts';
import { equipmentClass } from '../packages/server/src/modules/information/index.ts';
import type { ReadingInput } from '../packages/shared/src/api/deviceParameters.ts';
import { appendResult, benchApp, cleanupStack, intEnv, median, redactUrl } from './lib/runner.ts';

const INGEST_TARGET = 5000;
const TREND_TARGET_MS = 200;
const YEAR_MINUTES = 525_600;
const PARAMS = ['temp', 'pressure', 'rpm', 'current', 'vibration'];
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The bench's year ends here (a fixed instant, so runs compare). */
const END = Date.UTC(2026, 10, 1);

const settings = {
  pgUrl: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test',
  mqttUrl: process.env.BENCH_MQTT_URL || 'mqtt://127.0.0.1:1883',
  values: intEnv('BENCH_RD_VALUES', 200_000),
  rows: intEnv('BENCH_RD_ROWS', 10_000_000),
  runs: intEnv('BENCH_RD_RUNS', 7),
};

const cleanups = cleanupStack();
const log = (line = '') => console.log(line);
const f0 = (n: number) => Math.round(n).toLocaleString('en-US');
const f1 = (n: number) => n.toFixed(1);

/** One-minute readings of `machines` machines, all five parameters each, from `from` on. */
function readingsOf(codes: readonly string[], minutes: number, from: number): ReadingInput[] {
  const out: ReadingInput[] = [];
  for (let i = 0; i < minutes; i++)
    for (const [k, code] of codes.entries())
      out.push({
        equipmentCode: code,
        ts: from + i * MINUTE,
        values: {
          temp: 60 + ((i + k) % 30) / 3,
          pressure: 0.4 + (i % 17) / 100,
          rpm: 1200 + (i % 11),
          current: 20 + (i % 7) / 2,
          vibration: 2 + (i % 13) / 10,
        },
      });
  return out;
}

/** Batches of about FLUSH_VALUES values, as the feed flushes them. */
function batches(readings: readonly ReadingInput[]): ReadingInput[][] {
  const per = Math.max(1, Math.floor(FLUSH_VALUES / PARAMS.length));
  const out: ReadingInput[][] = [];
  for (let i = 0; i < readings.length; i += per) out.push(readings.slice(i, i + per));
  return out;
}

async function main() {
  const started = performance.now();
  log(`bench readings: ${os.cpus().length} CPU, node ${process.version}`);
  const { bench, db, built, tenant } = await benchApp(
    { pgUrl: settings.pgUrl, poolSize: 4, dbPrefix: 'bench_rd', memberCode: 'benchrd' },
    cleanups,
    log,
  );
  const services = built.services;
  const machines = 20;
  const codes = Array.from({ length: machines + 2 }, (_, i) => `M${String(i + 1).padStart(3, '0')}`);
  const ids = new Map<string, number>();
  const paramIds = new Map<string, number>();
  let classId = 0;
  await db.withTenant(tenant.id, async (tx) => {
    classId = await equipmentClass.create(tx, tenant.adminId, { name: '注塑机' });
    for (const code of codes)
      ids.set(code, await equipmentCrud.create(tx, tenant.adminId, { code, name: code, classId }));
    for (const code of PARAMS)
      paramIds.set(
        code,
        await equipmentParam.create(tx, tenant.adminId, {
          classId,
          code,
          name: code,
          dataType: 1,
          upperLimit: 1e9,
          alarmSamples: 3,
        }),
      );
  });

  // 1. ingestion through the product, then a bare batched insert of the same rows
  const minutes = Math.ceil(settings.values / PARAMS.length / machines);
  const readings = readingsOf(codes.slice(0, machines), minutes, END - 30 * DAY);
  const values = readings.length * PARAMS.length;
  log(
    `ingestion: ${f0(values)} values (${machines} machines × ${PARAMS.length} parameters × ${minutes} minutes)`,
  );
  let t0 = performance.now();
  let stored = 0;
  for (const batch of batches(readings))
    stored += (await db.withTenant(tenant.id, (tx) => ingestReadings(tx, batch))).stored;
  const productMs = performance.now() - t0;
  if (stored !== values) throw new Error(`stored ${stored} of ${values}`);

  const c = new pg.Client({ connectionString: bench.url });
  await c.connect();
  cleanups.push('close bench client', () => c.end());
  await c.query('create table bare_reading (like equipment_reading including all)');
  t0 = performance.now();
  for (const batch of batches(readings)) {
    const e: number[] = [];
    const p: number[] = [];
    const t: string[] = [];
    const v: number[] = [];
    for (const r of batch)
      for (const [code, value] of Object.entries(r.values)) {
        e.push(ids.get(r.equipmentCode) as number);
        p.push(paramIds.get(code) as number);
        t.push(new Date(r.ts).toISOString());
        v.push(value as number);
      }
    await c.query(
      `insert into bare_reading (tenant_id, equipment_id, param_id, ts, value)
       select $1, * from unnest($2::int[], $3::int[], $4::timestamptz[], $5::float8[])`,
      [tenant.id, e, p, t, v],
    );
  }
  const bareMs = performance.now() - t0;
  const productRate = values / (productMs / 1000);
  const bareRate = values / (bareMs / 1000);
  log(`  product (ingestReadings)   ${f0(productRate)} values/s  (${f0(productMs)} ms)`);
  log(`  bare batched insert        ${f0(bareRate)} values/s  (${f0(bareMs)} ms)`);

  // 1b. end to end through Mosquitto: publish, the feed takes and stores them
  let mqttRate: number | undefined;
  const mqttValues = Math.min(values, 100_000);
  const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;
  const feed = startTelemetryFeed(services, settings.mqttUrl, quiet);
  cleanups.push('stop telemetry feed', () => feed.stop());
  const device = await mqtt
    .connectAsync(settings.mqttUrl, { connectTimeout: 3000, reconnectPeriod: 0 })
    .catch(() => undefined);
  if (device) {
    cleanups.push('close device', () => device.endAsync());
    // the feed's subscription is in place before the clock starts
    await new Promise((r) => setTimeout(r, 1000));
    const sent = readingsOf(
      codes.slice(0, machines),
      Math.ceil(mqttValues / PARAMS.length / machines),
      END - 60 * DAY,
    );
    const count = async () =>
      Number(
        (
          await c.query<{ n: string }>(
            `select count(*) as n from equipment_reading where ts >= $1 and ts < $2`,
            [new Date(END - 60 * DAY).toISOString(), new Date(END - 30 * DAY).toISOString()],
          )
        ).rows[0].n,
      );
    const expected = sent.length * PARAMS.length;
    t0 = performance.now();
    // in waves a broker's default queue per subscriber (1 000 QoS 1 messages) takes, as gateways send
    for (let w = 0; w < sent.length; w += 250)
      await Promise.all(
        sent
          .slice(w, w + 250)
          .map((r, i) =>
            device.publishAsync(
              `mes/benchrd/equipment/${r.equipmentCode}/telemetry`,
              JSON.stringify({ ts: r.ts, seq: w + i, values: r.values }),
              { qos: 1 },
            ),
          ),
      );
    const deadline = Date.now() + 120_000;
    let n = await count();
    while (n < expected && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      n = await count();
    }
    const mqttMs = performance.now() - t0;
    if (n < expected) log(`  MQTT: only ${f0(n)} of ${f0(expected)} values stored within 120 s`);
    else {
      mqttRate = expected / (mqttMs / 1000);
      log(
        `  MQTT end to end (1 node)   ${f0(mqttRate)} values/s  (${f0(expected)} values, ${f0(mqttMs)} ms)`,
      );
    }
  } else log(`  MQTT: no broker at ${settings.mqttUrl}; end-to-end run skipped`);

  // 2. a year of one-minute readings among BENCH_RD_ROWS rows
  const series = Math.max(1, Math.round(settings.rows / YEAR_MINUTES));
  const yearStart = END - YEAR_MINUTES * MINUTE;
  // the year's series: the two spare machines' five parameters, then more machines' as needed
  const extra = Math.max(0, Math.ceil(series / PARAMS.length) - 2);
  await db.withTenant(tenant.id, async (tx) => {
    for (let i = 0; i < extra; i++) {
      const code = `Y${String(i + 1).padStart(3, '0')}`;
      codes.push(code);
      ids.set(code, await equipmentCrud.create(tx, tenant.adminId, { code, name: code, classId }));
    }
  });
  const yearMachines = codes.slice(machines).map((code) => ids.get(code) as number);
  const pairs: [number, number][] = [];
  for (const e of yearMachines)
    for (const code of PARAMS) if (pairs.length < series) pairs.push([e, paramIds.get(code) as number]);
  log(
    `trend: generating ${f0(pairs.length * YEAR_MINUTES)} rows (${pairs.length} series × ${f0(YEAR_MINUTES)} minutes) …`,
  );
  t0 = performance.now();
  for (const [e, p] of pairs) {
    await c.query(
      `insert into equipment_reading (tenant_id, equipment_id, param_id, ts, value)
       select $1, $2, $3, to_timestamp($4::float8 / 1000) + g * interval '1 minute',
         60 + 10 * sin(g / 600.0) + (g % 7) / 10.0
       from generate_series(0, ${YEAR_MINUTES - 1}) g`,
      [tenant.id, e, p, yearStart],
    );
    await c.query(
      `insert into equipment_reading_hour
         (tenant_id, equipment_id, param_id, hour, min_value, max_value, sum_value, count, last_ts, last_value)
       select tenant_id, equipment_id, param_id, date_trunc('hour', ts), min(value), max(value), sum(value),
         count(*), max(ts), (array_agg(value order by ts desc))[1]
       from equipment_reading where tenant_id = $1 and equipment_id = $2 and param_id = $3
       group by 1, 2, 3, 4`,
      [tenant.id, e, p],
    );
  }
  await c.query('vacuum analyze equipment_reading');
  await c.query('vacuum analyze equipment_reading_hour');
  const generateMs = performance.now() - t0;
  const [{ n: total }] = (await c.query<{ n: string }>('select count(*) as n from equipment_reading')).rows;
  log(`  ${f0(Number(total))} rows in equipment_reading, generated in ${f1(generateMs / 1000)} s`);

  const [e, p] = pairs[0];
  const time = async (label: string, fn: () => Promise<unknown>) => {
    await fn();
    const samples: number[] = [];
    for (let i = 0; i < settings.runs; i++) {
      const s = performance.now();
      await fn();
      samples.push(performance.now() - s);
    }
    const ms = median(samples);
    log(`  ${label.padEnd(44)} ${f1(ms)} ms (median of ${settings.runs}; max ${f1(Math.max(...samples))})`);
    return ms;
  };
  let points = 0;
  const yearMs = await time('year, product trend call (hourly rollup)', async () => {
    const r = await db.withTenant(tenant.id, (tx) =>
      deviceParameterTrend(tx, { equipmentId: e, paramIds: [p], startTime: yearStart, endTime: END }),
    );
    points = r.series[0].points.length;
  });
  const rawYearMs = await time('year, bucketed from the raw rows', () =>
    c.query(
      `select floor((extract(epoch from ts) * 1000 - $4) / $5) as b, avg(value), min(value), max(value)
       from equipment_reading where tenant_id = $1 and equipment_id = $2 and param_id = $3
         and ts >= to_timestamp($4::float8 / 1000) and ts <= to_timestamp($6::float8 / 1000)
       group by 1 order by 1`,
      [tenant.id, e, p, yearStart, Math.ceil((END - yearStart) / 1000), END],
    ),
  );
  const weekMs = await time('last 7 days, product trend call (raw)', () =>
    db.withTenant(tenant.id, (tx) =>
      deviceParameterTrend(tx, { equipmentId: e, paramIds: [p], startTime: END - 7 * DAY, endTime: END }),
    ),
  );
  log(`  year trend: ${points} points`);

  log('');
  log(
    `ingestion ${f0(productRate)} values/s (target ≥ ${f0(INGEST_TARGET)}: ${productRate >= INGEST_TARGET ? 'met' : 'NOT met'}), ` +
      `${f1((productRate / bareRate) * 100)} % of a bare insert; year trend ${f1(yearMs)} ms ` +
      `(target < ${TREND_TARGET_MS}: ${yearMs < TREND_TARGET_MS ? 'met' : 'NOT met'})`,
  );
  const report = {
    at: new Date().toISOString(),
    cpus: os.cpus().length,
    node: process.version,
    postgres: bench.serverVersion,
    pg: redactUrl(settings.pgUrl),
    ingestion: {
      values,
      batchValues: FLUSH_VALUES,
      productPerSecond: Math.round(productRate),
      barePerSecond: Math.round(bareRate),
      mqttPerSecond: mqttRate === undefined ? null : Math.round(mqttRate),
      target: INGEST_TARGET,
    },
    trend: {
      rows: Number(total),
      series: pairs.length,
      generateSeconds: Math.round(generateMs / 100) / 10,
      yearProductMs: Math.round(yearMs * 10) / 10,
      yearFromRawMs: Math.round(rawYearMs * 10) / 10,
      weekProductMs: Math.round(weekMs * 10) / 10,
      points,
      target: TREND_TARGET_MS,
    },
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  const out = appendResult('readings.json', report);
  log(`appended to ${path.relative(process.cwd(), out)} (${report.seconds}s)`);
}

try {
  await main();
} catch (err) {
  console.error(`\nbench readings FAILED: ${(err as Error).stack ?? String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanups.run();
}
