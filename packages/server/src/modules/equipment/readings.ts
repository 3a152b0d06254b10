import {
  deviceParametersApi,
  type IngestResult,
  type LatestValue,
  type ReadingInput,
  type RecordResult,
  TREND_POINTS_MAX,
  TREND_RANGE_MAX_MS,
  type TrendBody,
  type TrendResult,
} from '@factory/shared/api/deviceParameters';
import { NUMERIC_PARAM_TYPES } from '@factory/shared/entities/params';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { handle } from '../../platform/route.ts';
import { equipmentParamStates, equipmentParams } from './readingSchema.ts';
import { fileFaultReport } from './repairs.ts';
import { equipment } from './schema.ts';

const HOUR_MS = 3_600_000;
/** Up to this range a trend reads the raw readings; beyond, the hourly rollup. */
const RAW_TREND_MAX_MS = 7 * 24 * HOUR_MS;
/** The readings page covers the last day when no range is given. */
const DEFAULT_RECORD_RANGE_MS = 24 * HOUR_MS;

interface Param {
  id: number;
  classId: number;
  code: string;
  name: string;
  unit: string | null;
  dataType: number;
  lowerLimit: number | null;
  upperLimit: number | null;
  alarmSamples: number;
}

const limit = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const paramColumns = {
  id: equipmentParams.id,
  classId: equipmentParams.classId,
  code: equipmentParams.code,
  name: equipmentParams.name,
  unit: equipmentParams.unit,
  dataType: equipmentParams.dataType,
  lowerLimit: equipmentParams.lowerLimit,
  upperLimit: equipmentParams.upperLimit,
  alarmSamples: equipmentParams.alarmSamples,
};

const toParam = (r: Record<string, unknown>): Param =>
  ({ ...r, lowerLimit: limit(r.lowerLimit), upperLimit: limit(r.upperLimit) }) as Param;

/** Beyond the limits a numeric parameter declares; other types have none. */
const outOfRange = (p: Param, v: number) =>
  NUMERIC_PARAM_TYPES.includes(p.dataType) &&
  ((p.lowerLimit !== null && v < p.lowerLimit) || (p.upperLimit !== null && v > p.upperLimit));

/** The value as stored: numbers for numeric types, 1/0 for a boolean; undefined when the type cannot hold it. */
function storedValue(p: Param, v: unknown): number | undefined {
  if (p.dataType === 4) {
    if (typeof v === 'boolean') return v ? 1 : 0;
    return v === 0 || v === 1 ? v : undefined;
  }
  if (!NUMERIC_PARAM_TYPES.includes(p.dataType) || typeof v !== 'number' || !Number.isFinite(v))
    return undefined;
  return p.dataType === 0 && !Number.isInteger(v) ? undefined : v;
}

/** What a parameter's run out of range files: the fault phenomenon, in the factory's words. */
function phenomenonOf(p: Param, run: number, v: number): string {
  const unit = p.unit ? ` ${p.unit}` : '';
  const high = p.upperLimit !== null && v > p.upperLimit;
  const bound = high ? `上限 ${p.upperLimit}${unit}` : `下限 ${p.lowerLimit}${unit}`;
  return `参数“${p.name}”连续 ${run} 次超出范围（实测 ${v}${unit}，${bound}）`;
}

/** A fault report the alarm rule files: which equipment, what was seen, when. */
interface ReadingAlarm {
  equipmentId: number;
  phenomenon: string;
  faultTime: Date;
}

/**
 * Files an alarm's fault report as the system, not stopping the machine (a reading cannot tell).
 * Equipment that takes no report (scrapped) still has its readings stored.
 */
async function fileAlarm(tx: Tx, alarm: ReadingAlarm): Promise<void> {
  try {
    await fileFaultReport(tx, 'system', { ...alarm, isStopped: false });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
}

interface Row {
  e: number;
  p: number;
  t: number;
  v: number;
}

/**
 * Stores rows (deduped on equipment, parameter and instant) and keeps the hourly rollup up, in
 * one statement: only rows really inserted reach the rollup. Answers the inserted rows.
 */
async function insertRows(tx: Tx, rows: readonly Row[]): Promise<Row[]> {
  const result = await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(e int, p int, t bigint, v float8)
    ), ins as (
      insert into equipment_reading (equipment_id, param_id, ts, value)
      select e, p, timestamptz 'epoch' + t * interval '1 millisecond', v from input
      on conflict do nothing
      returning equipment_id, param_id, ts, value
    ), roll as (
      insert into equipment_reading_hour
        (equipment_id, param_id, hour, min_value, max_value, sum_value, count, last_ts, last_value)
      select equipment_id, param_id, timestamptz 'epoch' + floor(extract(epoch from ts) / 3600) * interval '1 hour',
        min(value), max(value), sum(value), count(*)::int, max(ts), (array_agg(value order by ts desc))[1]
      from ins group by 1, 2, 3
      on conflict (tenant_id, equipment_id, param_id, hour) do update set
        min_value = least(equipment_reading_hour.min_value, excluded.min_value),
        max_value = greatest(equipment_reading_hour.max_value, excluded.max_value),
        sum_value = equipment_reading_hour.sum_value + excluded.sum_value,
        count = equipment_reading_hour.count + excluded.count,
        last_value = case when excluded.last_ts >= equipment_reading_hour.last_ts
          then excluded.last_value else equipment_reading_hour.last_value end,
        last_ts = greatest(equipment_reading_hour.last_ts, excluded.last_ts)
    )
    select equipment_id as e, param_id as p, (extract(epoch from ts) * 1000)::float8 as t, value as v from ins`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    e: Number(r.e),
    p: Number(r.p),
    t: Math.round(Number(r.t)),
    v: Number(r.v),
  }));
}

/**
 * The latest value and the alarm rule, over the rows just stored: per equipment and parameter in
 * time order, a sample beyond the limits lengthens the run, one within ends it; the run reaching
 * the parameter's `alarmSamples` files one fault report, and the next only after a sample came
 * back in range. A sample older than the latest one known is stored but moves neither.
 */
async function followStates(tx: Tx, rows: readonly Row[], params: ReadonlyMap<number, Param>): Promise<void> {
  if (!rows.length) return;
  const byPair = new Map<string, Row[]>();
  for (const r of rows) {
    const key = `${r.e}:${r.p}`;
    const list = byPair.get(key);
    if (list) list.push(r);
    else byPair.set(key, [r]);
  }
  const equipmentIds = [...new Set(rows.map((r) => r.e))];
  const paramIds = [...new Set(rows.map((r) => r.p))];
  const known = await tx
    .select()
    .from(equipmentParamStates)
    .where(
      and(
        inArray(equipmentParamStates.equipmentId, equipmentIds),
        inArray(equipmentParamStates.paramId, paramIds),
      ),
    )
    .orderBy(asc(equipmentParamStates.equipmentId), asc(equipmentParamStates.paramId))
    .for('update');
  const stateOf = new Map(known.map((s) => [`${s.equipmentId}:${s.paramId}`, s]));
  const next: (typeof equipmentParamStates.$inferInsert)[] = [];
  const alarms: ReadingAlarm[] = [];
  for (const [key, list] of byPair) {
    const s = stateOf.get(key);
    const param = params.get(list[0].p) as Param;
    let lastTs = s ? s.lastTs.getTime() : Number.NEGATIVE_INFINITY;
    let lastValue = s?.lastValue ?? 0;
    let outCount = s?.outCount ?? 0;
    let alarmedAt = s?.alarmedAt ?? null;
    let moved = false;
    for (const r of list.sort((a, b) => a.t - b.t)) {
      if (r.t <= lastTs) continue;
      moved = true;
      lastTs = r.t;
      lastValue = r.v;
      if (!outOfRange(param, r.v)) {
        outCount = 0;
        alarmedAt = null;
        continue;
      }
      outCount++;
      if (outCount >= param.alarmSamples && !alarmedAt) {
        alarmedAt = new Date(r.t);
        alarms.push({
          equipmentId: r.e,
          phenomenon: phenomenonOf(param, outCount, r.v),
          faultTime: alarmedAt,
        });
      }
    }
    if (moved)
      next.push({
        equipmentId: list[0].e,
        paramId: list[0].p,
        lastTs: new Date(lastTs),
        lastValue,
        outCount,
        alarmedAt,
      });
  }
  if (next.length)
    await tx
      .insert(equipmentParamStates)
      .values(next)
      .onConflictDoUpdate({
        target: [
          equipmentParamStates.tenantId,
          equipmentParamStates.equipmentId,
          equipmentParamStates.paramId,
        ],
        set: {
          lastTs: sql`excluded.last_ts`,
          lastValue: sql`excluded.last_value`,
          outCount: sql`excluded.out_count`,
          alarmedAt: sql`excluded.alarmed_at`,
        },
      });
  for (const alarm of alarms) await fileAlarm(tx, alarm);
}

/**
 * Stores readings of the tenant whose transaction `tx` is (the HTTP batch and the MQTT feed both
 * come here): each value under its equipment's class parameter of that code. Values of unknown
 * equipment, codes the class does not declare and values the parameter's type cannot hold are
 * dropped and counted; a value already stored for that instant is a duplicate.
 */
export async function ingestReadings(tx: Tx, readings: readonly ReadingInput[]): Promise<IngestResult> {
  const total = readings.reduce((n, r) => n + Object.keys(r.values).length, 0);
  const codes = [...new Set(readings.map((r) => r.equipmentCode))];
  const machines = codes.length
    ? await tx
        .select({ id: equipment.id, code: equipment.code, classId: equipment.classId })
        .from(equipment)
        .where(inArray(equipment.code, codes))
    : [];
  const machineOf = new Map(machines.map((m) => [m.code, m]));
  const classIds = [...new Set(machines.flatMap((m) => (m.classId === null ? [] : [m.classId])))];
  const params = classIds.length
    ? (
        await tx.select(paramColumns).from(equipmentParams).where(inArray(equipmentParams.classId, classIds))
      ).map(toParam)
    : [];
  const paramOf = new Map(params.map((p) => [`${p.classId}:${p.code}`, p]));
  // one value per equipment, parameter and instant: the last one sent wins within a batch
  const rows = new Map<string, Row>();
  for (const r of readings) {
    const m = machineOf.get(r.equipmentCode);
    if (!m || m.classId === null) continue;
    for (const [code, raw] of Object.entries(r.values)) {
      const p = paramOf.get(`${m.classId}:${code}`);
      const v = p && storedValue(p, raw);
      if (!p || v === undefined) continue;
      rows.set(`${m.id}:${p.id}:${r.ts}`, { e: m.id, p: p.id, t: r.ts, v });
    }
  }
  const list = [...rows.values()];
  const inserted = list.length ? await insertRows(tx, list) : [];
  await followStates(tx, inserted, new Map(params.map((p) => [p.id, p])));
  return { stored: inserted.length, duplicates: list.length - inserted.length, dropped: total - list.length };
}

/** The equipment and the parameters of its class, by id; not found when it is not this tenant's. */
async function equipmentParamsOf(tx: Tx, equipmentId: number): Promise<Param[]> {
  const [m] = await tx
    .select({ classId: equipment.classId })
    .from(equipment)
    .where(eq(equipment.id, equipmentId));
  if (!m) throw notFound('设备');
  if (m.classId === null) return [];
  const rows = await tx
    .select(paramColumns)
    .from(equipmentParams)
    .where(eq(equipmentParams.classId, m.classId))
    .orderBy(asc(equipmentParams.code));
  return rows.map(toParam);
}

const info = (p: Param) => ({
  paramId: p.id,
  code: p.code,
  name: p.name,
  unit: p.unit,
  dataType: p.dataType,
  lowerLimit: p.lowerLimit,
  upperLimit: p.upperLimit,
});

/** getDeviceParametersRecord: the latest value of each parameter and a page of raw readings, newest first. */
export async function deviceParameterRecord(
  tx: Tx,
  q: {
    equipmentId: number;
    paramId?: number;
    startTime?: number;
    endTime?: number;
    currentPage: number;
    pageSize: number;
  },
): Promise<RecordResult> {
  const params = await equipmentParamsOf(tx, q.equipmentId);
  if (q.paramId !== undefined && !params.some((p) => p.id === q.paramId))
    throw fieldError('paramId', '所选参数不属于该设备的分类');
  const states = await tx
    .select()
    .from(equipmentParamStates)
    .where(eq(equipmentParamStates.equipmentId, q.equipmentId));
  const stateOf = new Map(states.map((s) => [s.paramId, s]));
  const latest: LatestValue[] = params.map((p) => {
    const s = stateOf.get(p.id);
    return {
      ...info(p),
      ts: s ? s.lastTs.getTime() : null,
      value: s ? s.lastValue : null,
      outCount: s?.outCount ?? 0,
      alarmed: Boolean(s?.alarmedAt),
    };
  });
  const end = q.endTime ?? Date.now();
  const start = q.startTime ?? end - DEFAULT_RECORD_RANGE_MS;
  if (start > end) throw fieldError('startTime', '开始时间不能晚于结束时间');
  const ids = q.paramId === undefined ? params.map((p) => p.id) : [q.paramId];
  if (!ids.length) return { latest, records: { content: [], total: 0 } };
  const where = sql`r.equipment_id = ${q.equipmentId} and r.param_id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}) and r.ts >= ${new Date(start).toISOString()}::timestamptz and r.ts <= ${new Date(end).toISOString()}::timestamptz`;
  const [count] = (
    (await tx.execute(sql`select count(*)::int as n from equipment_reading r where ${where}`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  const page = (
    (await tx.execute(sql`
      select r.param_id as p, (extract(epoch from r.ts) * 1000)::float8 as t, r.value as v
      from equipment_reading r where ${where}
      order by r.ts desc, r.param_id
      limit ${q.pageSize} offset ${(q.currentPage - 1) * q.pageSize}`)) as unknown as {
      rows: Record<string, unknown>[];
    }
  ).rows;
  const byId = new Map(params.map((p) => [p.id, p]));
  return {
    latest,
    records: {
      total: Number(count?.n ?? 0),
      content: page.map((r) => {
        const p = byId.get(Number(r.p)) as Param;
        const v = Number(r.v);
        return {
          paramId: p.id,
          code: p.code,
          name: p.name,
          unit: p.unit,
          ts: Math.round(Number(r.t)),
          value: v,
          outOfRange: outOfRange(p, v),
        };
      }),
    },
  };
}

/**
 * getDeviceParametersRecordTrend: each parameter's series over the range in at most
 * TREND_POINTS_MAX buckets of equal width (average, min, max). Up to a week it reads the raw
 * readings, beyond that the hourly rollup, in buckets of whole hours.
 */
export async function deviceParameterTrend(tx: Tx, body: TrendBody): Promise<TrendResult> {
  const { startTime: start, endTime: end } = body;
  if (start >= end) throw fieldError('startTime', '开始时间须早于结束时间');
  if (end - start > TREND_RANGE_MAX_MS) throw fieldError('endTime', '时间段不能超过 400 天');
  const params = await equipmentParamsOf(tx, body.equipmentId);
  const byId = new Map(params.map((p) => [p.id, p]));
  const ids = [...new Set(body.paramIds)];
  const foreign = ids.find((id) => !byId.has(id));
  if (foreign !== undefined) throw fieldError('paramIds', '所选参数不属于该设备的分类');
  const range = end - start;
  const fromRaw = range <= RAW_TREND_MAX_MS;
  const unit = fromRaw ? 1000 : HOUR_MS;
  const bucketMs = Math.max(1, Math.ceil(range / TREND_POINTS_MAX / unit)) * unit;
  // hourly buckets start on a whole hour, so each hour row falls in exactly one
  const origin = fromRaw ? start : Math.floor(start / HOUR_MS) * HOUR_MS;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const from = new Date(origin).toISOString();
  const to = new Date(end).toISOString();
  const query = fromRaw
    ? sql`
      select param_id as p, floor((extract(epoch from ts) * 1000 - ${origin}) / ${bucketMs})::int as b,
        avg(value) as a, min(value) as lo, max(value) as hi
      from equipment_reading
      where equipment_id = ${body.equipmentId} and param_id in (${idList})
        and ts >= ${from}::timestamptz and ts <= ${to}::timestamptz
      group by 1, 2 order by 1, 2`
    : sql`
      select param_id as p, floor((extract(epoch from hour) * 1000 - ${origin}) / ${bucketMs})::int as b,
        sum(sum_value) / sum(count) as a, min(min_value) as lo, max(max_value) as hi
      from equipment_reading_hour
      where equipment_id = ${body.equipmentId} and param_id in (${idList})
        and hour >= ${from}::timestamptz and hour <= ${to}::timestamptz
      group by 1, 2 order by 1, 2`;
  const rows = ((await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const points = new Map<number, [number, number, number, number][]>(ids.map((id) => [id, []]));
  for (const r of rows)
    points.get(Number(r.p))?.push([origin + Number(r.b) * bucketMs, Number(r.a), Number(r.lo), Number(r.hi)]);
  return {
    source: fromRaw ? 'raw' : 'hour',
    bucketMs,
    series: ids.map((id) => ({ ...info(byId.get(id) as Param), points: points.get(id) ?? [] })),
  };
}

/** The readings' calls (DOMAIN "Parameters and readings"). */
export const readingRoutes = [
  handle(deviceParametersApi.ingest, {
    handler: ({ tx, body }) => ingestReadings(tx, body),
  }),
  handle(deviceParametersApi.record, {
    handler: ({ tx, query }) => deviceParameterRecord(tx, query),
  }),
  handle(deviceParametersApi.trend, {
    handler: ({ tx, body }) => deviceParameterTrend(tx, body),
  }),
];
