import type { StateTimeline } from '@factory/shared/api/deviceParameters';
import { eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerUp, MQTT_URL } from '../../testing/broker.ts';
import { type Calls, callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness, onPostgres } from '../../testing/harness.ts';
import { parseFeedMessage, startTelemetryFeed } from './readingsMqtt.ts';
import { ingestStates, setRunHours } from './runStates.ts';
import { generateTasks } from './taskJobs.ts';
import { checkTasks } from './taskSchema.ts';

const B = 'equipment/private/';
const EQ = `${B}equipment/`;
const STATES = `${B}deviceParameters/uploadDeviceStates`;
const UPKEEP = `${B}maintenancePlan/`;
const HOUR = 3_600_000;
/** 2026-10-01 08:00 factory time: the feed's first report. */
const T0 = Date.parse('2026-10-01T00:00:00Z');
const hours = (n: number) => new Date(T0 + n * HOUR);

let h: Harness;
let tenantId: number;
let admin: Calls;
let viewer: Calls;
let press: number;
let pump: number;
let idle: number;
let grease: number;

type Row = { id: number; code: string; machineState: number | null; runHours: number | null };

beforeAll(async () => {
  h = await createHarness();
  tenantId = (await h.addTenant('rh', [{ userName: 'viewer', name: '看板', modules: [] }])).id;
  admin = callsAs(h, await h.login('rh', 'admin'));
  viewer = callsAs(h, await h.login('rh', 'viewer'));
  const add = async (code: string, name: string) =>
    (await admin.ok<{ id: number }>(admin.post(`${EQ}addEquipment`, { code, name }))).id;
  press = await add('KY-01', '1#螺杆空压机');
  pump = await add('ZK-01', '1#真空泵');
  idle = await add('ZK-02', '2#真空泵');
  grease = (
    await admin.ok<{ id: number }>(
      admin.post(`${B}checkItem/addCheckItem`, { code: 'BY-01', name: '更换机油', kind: 2, valueType: 0 }),
    )
  ).id;
});
afterAll(() => h.close());

const inTenant = <T>(fn: Parameters<Harness['db']['withTenant']>[1]) =>
  h.db.withTenant(tenantId, fn) as Promise<T>;
const report = (code: string, at: number, state: number) => ({
  equipmentCode: code,
  ts: hours(at).getTime(),
  state,
});
const rowOf = async (id: number) =>
  (await admin.page<Row>(`${EQ}getEquipmentListPage`)).content.find((r) => r.id === id) as Row;

describe('machine state feed', () => {
  it('counts running time into the run-hour counter, keeps changes on the timeline, drops unknown machines', async () => {
    const result = await admin.ok(
      admin.post(STATES, [
        report('KY-01', 0, 1),
        report('KY-01', 10, 2),
        report('KY-01', 12, 1),
        report('KY-01', 12, 1),
        report('KY-01', 20, 1),
        report('KY-01', 30, 0),
        report('NOPE', 1, 1),
      ]),
    );
    // running 0–10 and 12–30: 28 hours; the repeats of state 1 move nothing
    expect(result).toEqual({ changed: 4, repeated: 2, dropped: 1 });
    expect(await rowOf(press)).toMatchObject({ machineState: 0, runHours: 28 });
    // a resend changes nothing; a late report older than the latest is kept on the timeline only
    expect(await admin.ok(admin.post(STATES, [report('KY-01', 30, 0), report('KY-01', 5, 3)]))).toEqual({
      changed: 1,
      repeated: 1,
      dropped: 0,
    });
    expect((await rowOf(press)).runHours).toBe(28);
    const timeline = await admin.ok<StateTimeline>(
      admin.get(`${EQ}getStateChangeList`, {
        equipmentId: press,
        startTime: hours(8).getTime(),
        endTime: hours(40).getTime(),
      }),
    );
    // the late report says it was in alarm from 5 h: the range starts in 3, runs 12–30
    expect(timeline).toEqual({
      initial: 3,
      changes: [
        [hours(10).getTime(), 2],
        [hours(12).getTime(), 1],
        [hours(30).getTime(), 0],
      ],
      runHours: 18,
    });
  });

  it('is still running between reports: the time since the last one counts when read', async () => {
    const now = new Date();
    await inTenant((tx) =>
      ingestStates(tx, [{ equipmentCode: 'ZK-01', ts: now.getTime() - 3 * HOUR, state: 1 }], now),
    );
    const row = await rowOf(pump);
    expect(row.machineState).toBe(1);
    expect(row.runHours).toBeGreaterThanOrEqual(3);
    expect(row.runHours).toBeLessThan(3.2);
    expect((await rowOf(idle)).runHours).toBeNull();
  });

  it('validates a batch and needs the upload key', async () => {
    const bad = await admin.post(STATES, [{ equipmentCode: 'KY-01', ts: T0, state: 4 }]);
    expect(bad.body.errorCode).not.toBe(0);
    expect(bad.body.errorMsg).toContain('机台状态');
    expect((await admin.post(STATES, [])).body.errorCode).not.toBe(0);
    expect((await viewer.post(STATES, [report('KY-01', 40, 1)])).body.errorCode).not.toBe(0);
  });

  it('sets the counter from the hour meter and counts on from it; needs Modify of the account', async () => {
    expect(await admin.ok(admin.put(`${EQ}updateRunHours`, { equipmentId: idle, runHours: 1520.5 }))).toBe(
      1520.5,
    );
    expect(await rowOf(idle)).toMatchObject({ machineState: null, runHours: 1520.5 });
    const refused = await viewer.put(`${EQ}updateRunHours`, { equipmentId: idle, runHours: 1 });
    expect(refused.body.errorCode).not.toBe(0);
    const missing = await admin.put(`${EQ}updateRunHours`, { equipmentId: 999_999, runHours: 1 });
    expect(missing.body.errorMsg).toBe('设备不存在或已被删除');
    const negative = await admin.put(`${EQ}updateRunHours`, { equipmentId: idle, runHours: -1 });
    expect(negative.body.errorMsg).toContain('累计运行小时');
    const trail = await inTenant<{ rows: { action: string }[] }>((tx) =>
      tx.execute(sql`select action from audit_log where entity = 'equipment' and entity_id = ${idle}`),
    );
    expect(trail.rows.map((r) => r.action)).toContain('setRunHours');
  });
});

describe('run-hour upkeep plans', () => {
  let planId: number;
  const generate = (at: number) => inTenant<{ created: number }>((tx) => generateTasks(tx, hours(at)));
  const tasks = () =>
    inTenant<{ meterHours: number | null; slotStart: Date; dueTime: Date; status: number }[]>((tx) =>
      tx
        .select({
          meterHours: checkTasks.meterHours,
          slotStart: checkTasks.slotStart,
          dueTime: checkTasks.dueTime,
          status: checkTasks.status,
        })
        .from(checkTasks)
        .where(eq(checkTasks.planId, planId))
        .orderBy(checkTasks.id),
    );

  let oiler: number;

  beforeAll(async () => {
    // an oil pump runs from T0 on without a stop: its counter is the hours since T0
    oiler = (
      await admin.ok<{ id: number }>(admin.post(`${EQ}addEquipment`, { code: 'ZY-01', name: '真空注油泵' }))
    ).id;
    await inTenant((tx) => ingestStates(tx, [{ equipmentCode: 'ZY-01', ts: T0, state: 1 }], hours(0)));
  });

  it('needs the interval of 按运行小时', async () => {
    const body = {
      name: '空压机运行保养',
      frequency: 5,
      startDate: '2026-09-01',
      windowHours: 48,
      equipmentIds: [press],
      itemIds: [grease],
    };
    const missing = await admin.post(`${UPKEEP}addMaintenancePlan`, body);
    expect(missing.body.errorMsg).toBe('频次为“按运行小时”时请填写间隔运行小时');
    planId = (
      await admin.ok<{ id: number }>(
        admin.post(`${UPKEEP}addMaintenancePlan`, { ...body, equipmentIds: [oiler], intervalHours: 100 }),
      )
    ).id;
  });

  it('makes one task each time the counter passes a multiple of the interval, and none at first sight', async () => {
    // first sight at 1 h marks 100 h as the next due reading
    expect((await generate(1)).created).toBe(0);
    expect((await generate(99)).created).toBe(0);
    expect((await generate(100.5)).created).toBe(1);
    expect((await generate(101)).created).toBe(0);
    const [first] = await tasks();
    expect(first).toMatchObject({ meterHours: 100, status: 1 });
    expect(first.slotStart.getTime()).toBe(hours(100.5).getTime());
    expect(first.dueTime.getTime()).toBe(hours(148.5).getTime());
  });

  it('makes one task, not a burst, when the counter jumps over several multiples', async () => {
    await inTenant((tx) => setRunHours(tx, null, oiler, 450, hours(102)));
    expect((await generate(102)).created).toBe(1);
    expect((await tasks()).map((t) => t.meterHours)).toEqual([100, 400]);
    expect((await generate(140)).created).toBe(0);
  });

  it('is exactly once with two generators at the same time', async () => {
    // 450 at 102 h, running on: 500 is passed at 152 h
    const [a, b] = await Promise.all([generate(160), generate(160)]);
    expect(a.created + b.created).toBe(1);
    expect((await tasks()).map((t) => t.meterHours)).toEqual([100, 400, 500]);
  });

  it('counts again from the next multiple of a new interval after an edit', async () => {
    await admin.ok(admin.put(`${UPKEEP}updateOne`, { id: planId, intervalHours: 300 }));
    // 508 h at 160 h: the next multiple of 300 is 600, reached at 252 h
    expect((await generate(161)).created).toBe(0);
    expect((await generate(250)).created).toBe(0);
    expect((await generate(253)).created).toBe(1);
    expect((await tasks()).map((t) => t.meterHours)).toEqual([100, 400, 500, 600]);
  });

  it('lists each machine of the plan with its counter and the reading of its next task', async () => {
    const rows = await admin.ok<
      { equipmentCode: string; runHours: number | null; nextHours: number | null }[]
    >(admin.get(`${UPKEEP}getRunHourList`, { id: planId }));
    expect(rows).toHaveLength(1);
    // the pump has been running since T0 (September), far past 900 h by the real clock
    expect(rows[0]).toMatchObject({ equipmentCode: 'ZY-01', nextHours: 900 });
    expect(rows[0].runHours).toBeGreaterThan(900);
    const missing = await admin.get(`${UPKEEP}getRunHourList`, { id: 999_999 });
    expect(missing.body.errorMsg).toBe('计划不存在或已被删除');
    expect((await viewer.get(`${UPKEEP}getRunHourList`, { id: planId })).body.errorCode).not.toBe(0);
  });
});

describe('feed messages', () => {
  it('reads a state message, taking the time it arrived when it carries none', () => {
    const at = Date.parse('2026-11-28T02:00:00Z');
    expect(parseFeedMessage('mes/rh/equipment/KY-01/state', Buffer.from('{"state":0}'), at)).toEqual({
      memberCode: 'rh',
      state: { equipmentCode: 'KY-01', ts: at, state: 0 },
    });
    expect(
      parseFeedMessage('mes/rh/equipment/KY-01/state', Buffer.from('{"ts":1764295200000,"state":1}')),
    ).toMatchObject({ state: { ts: 1764295200000, state: 1 } });
    for (const bad of ['{"state":7}', '{"state":"1"}', '{"ts":-5,"state":1}', 'x'])
      expect(parseFeedMessage('mes/rh/equipment/KY-01/state', Buffer.from(bad))).toBeUndefined();
    expect(
      parseFeedMessage(
        'mes/rh/equipment/KY-01/telemetry',
        Buffer.from('{"ts":1764295200000,"values":{"t":1}}'),
      ),
    ).toEqual({ memberCode: 'rh', reading: { equipmentCode: 'KY-01', ts: 1764295200000, values: { t: 1 } } });
    expect(parseFeedMessage('mes/rh/equipment/KY-01/other', Buffer.from('{"state":1}'))).toBeUndefined();
  });
});

describe.runIf(onPostgres && (await brokerUp()))('machine states over MQTT', () => {
  it('takes a state published on the state topic, and a gateway last will without a time', async () => {
    const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;
    // a share group of its own: another test file's feed on the broker must not take its messages
    const feed = startTelemetryFeed(h.services, MQTT_URL, quiet, `test-rh-${process.pid}`);
    const device = await mqtt.connectAsync(MQTT_URL, {
      clientId: `rh-gw-${process.pid}`,
      will: {
        topic: 'mes/rh/equipment/ZK-02/state',
        payload: Buffer.from('{"state":0}'),
        qos: 1,
        retain: false,
      },
    });
    try {
      const stateOf = async () => (await rowOf(idle)).machineState;
      const deadline = Date.now() + 15_000;
      while ((await stateOf()) !== 1 && Date.now() < deadline) {
        await device.publishAsync(
          'mes/rh/equipment/ZK-02/state',
          JSON.stringify({ ts: Date.now(), state: 1 }),
          {
            qos: 1,
          },
        );
        await new Promise((r) => setTimeout(r, 300));
        await feed.flush();
      }
      expect(await stateOf()).toBe(1);
      // the gateway drops off without a goodbye: the broker publishes its will
      (device as unknown as { stream: { destroy(): void } }).stream.destroy();
      const until = Date.now() + 15_000;
      while ((await stateOf()) !== 0 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 300));
        await feed.flush();
      }
      expect(await stateOf()).toBe(0);
    } finally {
      device.end(true);
      await feed.stop();
    }
  });
});
