import type { TaskItemResult } from '@factory/shared/api/equipmentTask';
import { TASK_KINDS } from '@factory/shared/machines/equipmentTask';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import {
  checkItem,
  checkItems,
  checkTasks,
  equipment,
  generateTasks,
  inspectionPlan,
  maintenancePlan,
  taskServices,
} from '../modules/equipment/index.ts';
import { users } from '../modules/setting/index.ts';
import { setClock } from '../platform/clock.ts';
import type { Tx } from '../platform/db.ts';
import type { TenantInfo } from '../platform/services.ts';
import { machineFeed, RUN_HOUR_PLAN } from './machineStates.ts';
import { sessionOf } from './production.ts';
import { restockFor, spareStore } from './spareParts.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How far back the keepers' task history goes, on how many machines of each kind (npm start's time). */
const WEEKS = 2;
const MACHINES_PER_PLAN = 3;

/** [code, name, kind, part, valueType, lower, upper, unit, standard] */
type Item = readonly [
  string,
  string,
  0 | 1 | 2,
  string,
  0 | 1 | 2,
  number | null,
  number | null,
  string | null,
  string,
];

const ITEMS: readonly Item[] = [
  ['DJ-RX-01', '绕线张力', 0, '张力器', 1, 8, 12, 'N', '张力表读数在范围内'],
  ['DJ-RX-02', '导线排线', 0, '排线机构', 0, null, null, null, '排线整齐无叠线、无跳线'],
  ['DJ-RX-03', '润滑', 0, '主轴、导轨', 0, null, null, null, '油杯油位正常，导轨有油膜'],
  ['DJ-RX-04', '接地', 0, '电气柜', 0, null, null, null, '接地线牢固无松动'],
  ['DJ-RX-05', '安全防护', 0, '防护罩、急停', 0, null, null, null, '防护罩完好，急停按下有效'],
  ['DJ-ZK-01', '真空度', 0, '真空表', 1, null, 100, 'Pa', '抽真空 2 小时后不高于 100 Pa'],
  ['DJ-ZK-02', '油位', 0, '真空泵油窗', 0, null, null, null, '油位在油窗 1/2–2/3'],
  ['DJ-ZK-03', '罐门密封', 0, '罐门密封圈', 0, null, null, null, '密封圈无老化、无破损'],
  ['XJ-XC-01', '钢丝绳', 1, '起升机构', 0, null, null, null, '无断丝、无变形，润滑良好'],
  ['XJ-XC-02', '限位开关', 1, '大车、小车、起升限位', 0, null, null, null, '各限位动作可靠'],
  ['XJ-XC-03', '运行异响', 1, '减速机', 2, null, null, null, '记录运行中有无异响'],
  ['BY-ZY-01', '更换真空泵油', 2, '真空泵', 0, null, null, null, '放尽旧油，加注至油窗 2/3'],
  ['BY-ZY-02', '清洗过滤器', 2, '注油过滤器', 0, null, null, null, '滤芯清洗或更换'],
  ['BY-KY-01', '排气温度', 2, '空压机主机', 1, null, 95, '℃', '满载运行排气温度不高于 95 ℃'],
  ['BY-KY-02', '清洁散热器', 2, '冷却器', 0, null, null, null, '吹扫散热片，无积尘'],
];

/** [plan, kind, machine name (without its number), items, frequency, time, window hours] */
const PLANS = [
  [
    '立式绕线机日点检',
    0,
    '立式绕线机',
    ['DJ-RX-01', 'DJ-RX-02', 'DJ-RX-03', 'DJ-RX-04', 'DJ-RX-05'],
    1,
    '08:00',
    4,
  ],
  ['真空干燥罐日点检', 0, '真空干燥罐', ['DJ-ZK-01', 'DJ-ZK-02', 'DJ-ZK-03'], 1, '08:30', 4],
  ['行车周巡检', 1, '行车', ['XJ-XC-01', 'XJ-XC-02', 'XJ-XC-03'], 2, '09:00', 24],
  ['真空注油机周保养', 2, '真空注油机', ['BY-ZY-01', 'BY-ZY-02'], 2, '13:00', 48],
  ['空压机周保养', 2, '螺杆空压机', ['BY-KY-01', 'BY-KY-02'], 2, '14:00', 48],
] as const;

/** Upkeep items (by their code's prefix) → the consumable part an upkeep replaces and how much. */
const UPKEEP_PARTS: Readonly<Record<string, readonly [string, number]>> = {
  'BY-ZY': ['BJ-ZKY-01', 4],
  'BY-KY': ['BJ-RHZ-01', 0.5],
};

/** A small seeded generator, so the demo is the same each time. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The transformer works' spot-checks, inspections and upkeep of the last two weeks, made by the
 * same generator the job runs (its clock walked day by day, the machines' state feed with it, so the
 * 500-hour upkeep comes due on a compressor's counter) and done by the two equipment keepers:
 * most on time, some late, a few skipped for a stopped line, now and then an NG item — which
 * files its fault report; today's tasks wait to be done.
 */
export async function seedEquipmentTasks(tx: Tx, tenant: TenantInfo, adminId: number, now = Date.now()) {
  for (const [code, name, kind, part, valueType, lowerLimit, upperLimit, unit, standard] of ITEMS)
    await checkItem.create(tx, adminId, {
      code,
      name,
      kind,
      part,
      valueType,
      lowerLimit,
      upperLimit,
      unit,
      standard,
    });
  const checks = new Map((await tx.select().from(checkItems)).map((r) => [r.id, r]));
  const store = await spareStore(tx);
  const itemIds = new Map([...checks.values()].map((r) => [r.code, r.id]));
  const people = await tx
    .select({ id: users.id, userName: users.userName, name: users.name })
    .from(users)
    .where(inArray(users.userName, ['shebei01', 'shebei02']))
    .orderBy(asc(users.userName));
  const keys = new Set(
    TASK_KINDS.flatMap((k) => ['Start', 'Finish', 'Skip'].map((b) => `${k.route}${b}`.toLowerCase())),
  );
  const keepers = people.map((u) => ({
    ...sessionOf(tenant, { ...u, stationId: null, frequencyId: null }),
    permissions: keys,
  }));
  const machines = await tx
    .select({ id: equipment.id, code: equipment.code, name: equipment.name })
    .from(equipment)
    .where(eq(equipment.enabled, true))
    .orderBy(asc(equipment.code));
  const today = Math.floor((now + 8 * HOUR) / DAY);
  const start = new Date((today - WEEKS * 7) * DAY).toISOString().slice(0, 10);
  for (const [name, kind, machine, itemCodes, frequency, slotTime, windowHours] of PLANS) {
    const equipmentIds = machines
      .filter((m) => m.name.replace(/^\d+#/, '') === machine)
      .map((m) => m.id)
      .slice(0, MACHINES_PER_PLAN);
    const body = {
      name,
      kind,
      frequency,
      slotTime,
      startDate: start,
      windowHours,
      skipWhenIdle: true,
      equipmentIds,
      itemIds: itemCodes.map((c) => itemIds.get(c)),
      assigneeIds: keepers.map((k) => k.userId),
    };
    await (kind === 2 ? maintenancePlan : inspectionPlan).create(tx, adminId, body);
  }
  const upkeep = RUN_HOUR_PLAN;
  await maintenancePlan.create(tx, adminId, {
    name: upkeep.name,
    frequency: 5,
    intervalHours: upkeep.intervalHours,
    startDate: start,
    windowHours: upkeep.windowHours,
    skipWhenIdle: true,
    equipmentIds: machines.filter((m) => m.name.replace(/^\d+#/, '') === upkeep.machine).map((m) => m.id),
    itemIds: upkeep.items.map((c) => itemIds.get(c)),
    assigneeIds: keepers.map((k) => k.userId),
  });
  const feed = machineFeed(tx, adminId, machines, random(53));
  await feed.start((today - WEEKS * 7) * DAY - 8 * HOUR);
  const rnd = random(37);
  // the fates come in a fixed rhythm, so every demo has some of each
  let n = 0;
  for (let day = today - WEEKS * 7; day <= today; day++) {
    const end = Math.min(now, (day + 1) * DAY - 8 * HOUR - 1);
    setClock(tx, new Date(end));
    await feed.day(day, end);
    await generateTasks(tx, new Date(end));
    if (day === today) break;
    const due = await tx
      .select()
      .from(checkTasks)
      .where(and(eq(checkTasks.status, 1), lte(checkTasks.slotStart, new Date(end))))
      .orderBy(asc(checkTasks.slotStart), asc(checkTasks.id));
    for (const [i, task] of due.entries()) {
      n++;
      // yesterday's last tasks are still open: overdue, their keepers told so
      if (day === today - 1 && i >= due.length - 2) continue;
      const service = taskServices[task.kind];
      const who = keepers[Math.floor(rnd() * keepers.length)];
      if (n % 13 === 4) {
        setClock(tx, new Date(task.slotStart.getTime() + 30 * MINUTE));
        await service.act(tx, who, 'skip', { id: task.id, reason: '产线停产，设备未开机' });
        continue;
      }
      const late = n % 9 === 2;
      const begun =
        task.slotStart.getTime() +
        (late ? task.dueTime.getTime() - task.slotStart.getTime() + HOUR : (10 + rnd() * 60) * MINUTE);
      setClock(tx, new Date(begun));
      await service.act(tx, who, 'start', { id: task.id });
      const ng = n % 19 === 7;
      const own = task.itemIds.flatMap((id) => checks.get(id) ?? []);
      const ngAt = ng ? Math.floor(rnd() * own.length) : -1;
      const results: TaskItemResult[] = own.map((l, i) => {
        if (l.valueType === 1) {
          const lower = l.lowerLimit === null ? null : Number(l.lowerLimit);
          const upper = l.upperLimit === null ? null : Number(l.upperLimit);
          const mid = lower !== null && upper !== null ? (lower + upper) / 2 : (upper ?? lower ?? 0) * 0.8;
          const value =
            i === ngAt ? (upper ?? mid) * 1.15 : Math.round(mid * (0.92 + rnd() * 0.16) * 10) / 10;
          return {
            itemId: l.id,
            value: Math.round(value * 10) / 10,
            ...(i === ngAt ? { remark: '超出标准，已通知维修' } : {}),
          };
        }
        if (l.valueType === 2) return { itemId: l.id, text: '运行平稳，无异响' };
        return i === ngAt
          ? { itemId: l.id, result: 1, remark: '现场检查不合格，已通知维修' }
          : { itemId: l.id, result: 0 };
      });
      // every other upkeep replaces its consumable from the spare warehouse
      const consumable =
        task.kind === 2 && n % 2 === 0 ? UPKEEP_PARTS[own[0]?.code.slice(0, 5) ?? ''] : undefined;
      const part = consumable && store?.partIds.get(consumable[0]);
      const parts =
        part && store ? [{ materialsId: part, warehouseId: store.warehouseId, quantity: consumable[1] }] : [];
      setClock(tx, new Date(begun + (15 + rnd() * 40) * MINUTE));
      if (store) for (const p of parts) await restockFor(tx, who.userId, store, p.materialsId, p.quantity);
      await service.act(tx, who, 'finish', { id: task.id, body: { id: task.id, items: results, parts } });
    }
  }
  setClock(tx, undefined);
}
