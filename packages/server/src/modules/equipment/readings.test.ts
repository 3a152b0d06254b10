import {
  deviceParametersApi as D,
  READING_BATCH_MAX,
  type RecordResult,
  type TrendResult,
} from '@factory/shared/api/deviceParameters';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { equipmentParamEntity } from '@factory/shared/entities/equipmentParam';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerUp, MQTT_URL } from '../../testing/broker.ts';
import { type Calls, callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness, onPostgres, type TestTenant } from '../../testing/harness.ts';
import { ingestReadings } from './readings.ts';
import { startTelemetryFeed } from './readingsMqtt.ts';

const EP = 'equipment/private/equipmentParam/';
const EQ = 'equipment/private/equipment/';
const EC = 'basicData/private/equipmentClass/';

let h: Harness;
let tenant: TestTenant;
let keeper: Calls;
let viewer: Calls;
let other: Calls;
let oilerClass: number;
let dryerClass: number;
const eq: Record<string, number> = {};
const param: Record<string, number> = {};
/** 2026-11-20 08:00 +08:00, the start of the test's readings. */
const T0 = Date.parse('2026-11-20T00:00:00Z');
const MIN = 60_000;

/** SQL in the test tenant's transaction, as the app role. */
const inTenant = <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
  h.db.withTenant(tenant.id, async (tx) => (await tx.execute(q)) as unknown as { rows: T[] });
const faultsOf = async (equipmentId: number) =>
  (
    await inTenant<{ phenomenon: string; reporter_id: number | null }>(
      sql`select phenomenon, reporter_id from equipment_repair where equipment_id = ${equipmentId} order by id`,
    )
  ).rows;

beforeAll(async () => {
  h = await createHarness();
  tenant = await h.addTenant('rd', [
    { userName: 'keeper', name: '杨帆', modules: ['equipment'] },
    { userName: 'viewer', name: '王芳', modules: [] },
  ]);
  await h.addTenant('rdother');
  keeper = callsAs(h, await h.login('rd', 'keeper'));
  viewer = callsAs(h, await h.login('rd', 'viewer'));
  other = callsAs(h, await h.login('rdother', 'admin'));
  oilerClass = (
    await keeper.ok<{ id: number }>(keeper.post(`${EC}addEquipmentClass`, { name: '真空注油机' }))
  ).id;
  dryerClass = (
    await keeper.ok<{ id: number }>(keeper.post(`${EC}addEquipmentClass`, { name: '真空干燥罐' }))
  ).id;
  for (const [code, classId] of [
    ['ZY01', oilerClass],
    ['ZY02', oilerClass],
    ['GZ01', dryerClass],
  ] as const)
    eq[code] = (
      await keeper.ok<{ id: number }>(keeper.post(`${EQ}addEquipment`, { code, name: code, classId }))
    ).id;
});
afterAll(() => h.close());

describe('equipment parameters', () => {
  it('keeps codes unique per class, limits in order and only on numbers', async () => {
    const add = (body: Record<string, unknown>) => keeper.post(`${EP}addEquipmentParam`, body);
    const oil = await keeper.ok<{ id: number; className: string; alarmSamples: number }>(
      add({
        classId: oilerClass,
        code: 'oilTemp',
        name: '油温',
        unit: '℃',
        dataType: 1,
        lowerLimit: 20,
        upperLimit: 85,
        alarmSamples: 3,
      }),
    );
    expect(oil).toMatchObject({ className: '真空注油机', alarmSamples: 3 });
    param.oilTemp = oil.id;
    param.vac = (
      await keeper.ok<{ id: number }>(
        add({ classId: oilerClass, code: 'vac', name: '真空度', unit: 'Pa', dataType: 0, upperLimit: 100 }),
      )
    ).id;
    param.run = (
      await keeper.ok<{ id: number }>(add({ classId: oilerClass, code: 'run', name: '运行', dataType: 4 }))
    ).id;
    // the same key on another class is another parameter
    param.dryerVac = (
      await keeper.ok<{ id: number }>(
        add({ classId: dryerClass, code: 'vac', name: '真空度', unit: 'Pa', dataType: 1, upperLimit: 200 }),
      )
    ).id;
    const dup = await add({ classId: oilerClass, code: 'vac', name: '真空度2', dataType: 1 });
    expect(dup.body.errorMsg).toBe('该设备分类已有参数编码“vac”');
    const crossed = await add({
      classId: oilerClass,
      code: 'x',
      name: 'x',
      dataType: 1,
      lowerLimit: 9,
      upperLimit: 1,
    });
    expect(crossed.body.errorMsg).toContain('下限不能大于上限');
    const text = await add({ classId: oilerClass, code: 'y', name: 'y', dataType: 2, upperLimit: 1 });
    expect(text.body.errorMsg).toContain('只有整数、小数类型的参数可以设置上下限');
    const noClass = await add({ code: 'z', name: 'z', dataType: 1 });
    expect(noClass.body.errorCode).not.toBe(0);
    expect(
      (
        await viewer.post(`${EP}addEquipmentParam`, {
          classId: oilerClass,
          code: 'q',
          name: 'q',
          dataType: 1,
        })
      ).body.errorCode,
    ).not.toBe(0);
    const page = await keeper.page<{ code: string }>(`${EP}getEquipmentParamListPage`);
    expect(page.content.map((p) => p.code).sort()).toEqual(['oilTemp', 'run', 'vac', 'vac']);
  });
});

describe('HTTP ingestion', () => {
  it('validates the batch: not empty, at most READING_BATCH_MAX readings, epoch ms times', async () => {
    expect((await keeper.post(D.ingest.path, [])).body.errorCode).not.toBe(0);
    const many = Array.from({ length: READING_BATCH_MAX + 1 }, (_, i) => ({
      equipmentCode: 'ZY01',
      ts: T0 + i,
      values: { oilTemp: 50 },
    }));
    expect((await keeper.post(D.ingest.path, many)).body.errorCode).not.toBe(0);
    const badTs = await keeper.post(D.ingest.path, [{ equipmentCode: 'ZY01', ts: '2026-11-20', values: {} }]);
    expect(badTs.body.errorCode).not.toBe(0);
    const viewerCall = await viewer.post(D.ingest.path, [
      { equipmentCode: 'ZY01', ts: T0, values: { vac: 1 } },
    ]);
    expect(viewerCall.body.errorCode).not.toBe(0);
  });

  it('stores known values, drops unknown equipment, codes and mistyped values, dedupes a resend', async () => {
    const batch = [
      { equipmentCode: 'ZY01', ts: T0, values: { oilTemp: 60.5, vac: 40, run: true, nope: 1 } },
      { equipmentCode: 'ZY01', ts: T0 + MIN, values: { oilTemp: 61, vac: 40.5, run: 1 } },
      { equipmentCode: 'NOPE', ts: T0, values: { oilTemp: 1, vac: 2 } },
      { equipmentCode: 'GZ01', ts: T0, values: { vac: 150.25, oilTemp: 3 } },
    ];
    const first = await keeper.ok(keeper.post(D.ingest.path, batch));
    // stored: ZY01 3 + 2 (vac 40.5 is not an integer), GZ01 1; dropped: nope, vac 40.5, NOPE ×2, GZ01 oilTemp
    expect(first).toEqual({ stored: 6, duplicates: 0, dropped: 5 });
    expect(await keeper.ok(keeper.post(D.ingest.path, batch.slice(0, 1)))).toEqual({
      stored: 0,
      duplicates: 3,
      dropped: 1,
    });
    // another tenant knows none of these machines
    expect(await other.ok(other.post(D.ingest.path, batch.slice(0, 1)))).toEqual({
      stored: 0,
      duplicates: 0,
      dropped: 4,
    });
    const hour = await inTenant<{ count: number; sum_value: number; last_value: number }>(
      sql`select count, sum_value, last_value from equipment_reading_hour
          where equipment_id = ${eq.ZY01} and param_id = ${param.oilTemp}`,
    );
    expect(hour.rows).toEqual([{ count: 2, sum_value: 121.5, last_value: 61 }]);
  });
});

describe('out-of-range rule', () => {
  const send = (ts: number, oilTemp: number) =>
    keeper.ok(keeper.post(D.ingest.path, [{ equipmentCode: 'ZY02', ts, values: { oilTemp } }]));

  it('files one fault report after N consecutive samples out of range, and another only after a return', async () => {
    await send(T0, 80);
    await send(T0 + MIN, 90);
    await send(T0 + 2 * MIN, 91);
    expect(await faultsOf(eq.ZY02)).toEqual([]);
    await send(T0 + 3 * MIN, 92.4);
    const [fault] = await faultsOf(eq.ZY02);
    expect(fault).toEqual({
      phenomenon: '参数“油温”连续 3 次超出范围（实测 92.4 ℃，上限 85 ℃）',
      reporter_id: null,
    });
    // the run goes on: still one report
    await send(T0 + 4 * MIN, 95);
    await send(T0 + 5 * MIN, 96);
    expect(await faultsOf(eq.ZY02)).toHaveLength(1);
    // a late sample in range does not end the run
    await send(T0 + 30_000, 70);
    await send(T0 + 6 * MIN, 97);
    expect(await faultsOf(eq.ZY02)).toHaveLength(1);
    // back in range, then out again below the lower limit, all in one batch
    const batch = [7, 8, 9, 10].map((m, i) => ({
      equipmentCode: 'ZY02',
      ts: T0 + m * MIN,
      values: { oilTemp: i === 0 ? 70 : 12 },
    }));
    await keeper.ok(keeper.post(D.ingest.path, batch.reverse()));
    const faults = await faultsOf(eq.ZY02);
    expect(faults.map((f) => f.phenomenon)).toEqual([
      '参数“油温”连续 3 次超出范围（实测 92.4 ℃，上限 85 ℃）',
      '参数“油温”连续 3 次超出范围（实测 12 ℃，下限 20 ℃）',
    ]);
  });

  it('shows the latest value of each parameter and the run on getDeviceParametersRecord', async () => {
    const r = await keeper.ok<RecordResult>(
      keeper.get(D.record.path, {
        equipmentId: eq.ZY02,
        startTime: T0,
        endTime: T0 + 60 * MIN,
        currentPage: 1,
        pageSize: 10,
      }),
    );
    const oil = r.latest.find((l) => l.code === 'oilTemp');
    expect(oil).toMatchObject({ value: 12, ts: T0 + 10 * MIN, outCount: 3, alarmed: true, upperLimit: 85 });
    expect(r.latest.find((l) => l.code === 'vac')).toMatchObject({ value: null, ts: null, alarmed: false });
    expect(r.records.total).toBe(12);
    expect(r.records.content).toHaveLength(10);
    expect(r.records.content[0]).toMatchObject({
      ts: T0 + 10 * MIN,
      value: 12,
      outOfRange: true,
      name: '油温',
    });
    const byParam = await keeper.ok<RecordResult>(
      keeper.get(D.record.path, {
        equipmentId: eq.ZY01,
        paramId: param.vac,
        startTime: T0,
        endTime: T0 + MIN,
        currentPage: 1,
        pageSize: 10,
      }),
    );
    expect(byParam.records).toMatchObject({ total: 1, content: [{ code: 'vac', value: 40 }] });
    const foreign = await keeper.get(D.record.path, {
      equipmentId: eq.ZY01,
      paramId: param.dryerVac,
      currentPage: 1,
      pageSize: 10,
    });
    expect(foreign.body.errorMsg).toBe('所选参数不属于该设备的分类');
    expect(
      (await viewer.get(D.record.path, { equipmentId: eq.ZY01, currentPage: 1, pageSize: 10 })).body
        .errorCode,
    ).not.toBe(0);
    const stranger = await other.get(D.record.path, { equipmentId: eq.ZY01, currentPage: 1, pageSize: 10 });
    expect(stranger.body.errorMsg).toBe('设备不存在或已被删除');
  });

  it('keeps equipment and parameters with readings from being deleted', async () => {
    const del = await keeper.del(entityEndpoints(equipmentParamEntity).remove?.path as string, param.oilTemp);
    expect(del.body.errorCode).not.toBe(0);
    expect(del.body.errorMsg).toContain('设备参数读数');
  });
});

describe('trend', () => {
  /** Two days of one-minute readings of ZY01 written straight through the ingestion. */
  beforeAll(async () => {
    const start = T0 + 24 * 60 * MIN;
    const readings = Array.from({ length: 2 * 24 * 60 }, (_, i) => ({
      equipmentCode: 'ZY01',
      ts: start + i * MIN,
      values: { oilTemp: 50 + (i % 60) / 10, vac: i % 7 },
    }));
    await h.db.withTenant(tenant.id, (tx) => ingestReadings(tx, readings));
  });

  it('downsamples raw readings to at most 1 000 points, with the limits', async () => {
    const start = T0 + 24 * 60 * MIN;
    const t = await keeper.ok<TrendResult>(
      keeper.post(D.trend.path, {
        equipmentId: eq.ZY01,
        paramIds: [param.oilTemp, param.vac],
        startTime: start,
        endTime: start + 2 * 24 * 60 * MIN,
      }),
    );
    expect(t.source).toBe('raw');
    expect(t.bucketMs).toBe(173_000);
    expect(t.series.map((s) => [s.code, s.lowerLimit, s.upperLimit])).toEqual([
      ['oilTemp', 20, 85],
      ['vac', null, 100],
    ]);
    for (const s of t.series) {
      expect(s.points.length).toBeGreaterThan(900);
      expect(s.points.length).toBeLessThanOrEqual(1001);
    }
    const [first] = t.series[0].points;
    expect(first[0]).toBe(start);
    expect(first[2]).toBe(50);
    expect(first[3]).toBe(50.2);
    // a short range returns every reading
    const short = await keeper.ok<TrendResult>(
      keeper.post(D.trend.path, {
        equipmentId: eq.ZY01,
        paramIds: [param.oilTemp],
        startTime: start,
        endTime: start + 10 * MIN - 1,
      }),
    );
    expect(short.series[0].points.map((p) => p[1])).toEqual([
      50, 50.1, 50.2, 50.3, 50.4, 50.5, 50.6, 50.7, 50.8, 50.9,
    ]);
  });

  it('reads the hourly rollup beyond a week, in whole-hour buckets', async () => {
    const t = await keeper.ok<TrendResult>(
      keeper.post(D.trend.path, {
        equipmentId: eq.ZY01,
        paramIds: [param.oilTemp],
        startTime: T0 - 20 * 24 * 60 * MIN,
        endTime: T0 + 20 * 24 * 60 * MIN,
      }),
    );
    expect(t).toMatchObject({ source: 'hour', bucketMs: 3_600_000 });
    // the first day's two readings and 48 full hours
    const points = t.series[0].points;
    expect(points).toHaveLength(49);
    expect(points[1]).toEqual([T0 + 24 * 60 * MIN, 52.95, 50, 55.9]);
  });

  it('refuses a parameter of another class and a reversed range', async () => {
    const foreign = await keeper.post(D.trend.path, {
      equipmentId: eq.ZY01,
      paramIds: [param.dryerVac],
      startTime: T0,
      endTime: T0 + MIN,
    });
    expect(foreign.body.errorMsg).toBe('所选参数不属于该设备的分类');
    const reversed = await keeper.post(D.trend.path, {
      equipmentId: eq.ZY01,
      paramIds: [param.oilTemp],
      startTime: T0 + MIN,
      endTime: T0,
    });
    expect(reversed.body.errorMsg).toBe('开始时间须早于结束时间');
  });
});

describe.runIf(onPostgres && (await brokerUp()))('MQTT ingestion against Mosquitto', () => {
  it('stores telemetry of a tenant by member code through the shared subscription, dropping unknown tenants', async () => {
    const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;
    // a share group of its own: another test file's feed on the broker must not take its messages
    const feed = startTelemetryFeed(h.services, MQTT_URL, quiet, `test-rd-${process.pid}`);
    const device = await mqtt.connectAsync(MQTT_URL, { clientId: `rd-test-${process.pid}` });
    try {
      // the feed's subscription is in place once a message published now reaches it
      const base = Date.now() - 60 * MIN;
      const stored = async () =>
        Number(
          (
            await inTenant<{ n: number }>(
              sql`select count(*)::int as n from equipment_reading
                  where equipment_id = ${eq.GZ01} and ts >= ${new Date(base).toISOString()}::timestamptz`,
            )
          ).rows[0].n,
        );
      let seq = 0;
      const deadline = Date.now() + 15_000;
      while ((await stored()) === 0 && Date.now() < deadline) {
        await device.publishAsync(
          'mes/rd/equipment/GZ01/telemetry',
          JSON.stringify({ ts: base + seq * 1000, seq, values: { vac: 120 + seq, other: 1 } }),
          { qos: 1 },
        );
        seq++;
        await new Promise((r) => setTimeout(r, 300));
        await feed.flush();
      }
      expect(await stored()).toBeGreaterThan(0);
      // a burst of 300 readings, one flush: all stored; an unknown tenant's and a malformed one are not
      for (let i = 0; i < 300; i++)
        await device.publishAsync(
          'mes/rd/equipment/GZ01/telemetry',
          JSON.stringify({ ts: base + (100 + i) * 1000, seq: 100 + i, values: { vac: 150 } }),
          { qos: 1 },
        );
      await device.publishAsync(
        'mes/nosuch/equipment/GZ01/telemetry',
        JSON.stringify({ ts: base, values: { vac: 1 } }),
      );
      await device.publishAsync('mes/rd/equipment/GZ01/telemetry', 'not json');
      const until = Date.now() + 10_000;
      while ((await stored()) < seq + 300 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 200));
        await feed.flush();
      }
      expect(await stored()).toBe(seq + 300);
    } finally {
      await device.endAsync();
      await feed.stop();
    }
  });
});
