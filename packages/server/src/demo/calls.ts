import { eq, inArray } from 'drizzle-orm';
import {
  callActions,
  callType,
  closeCall,
  escalateCalls,
  makeCall,
  respondCall,
} from '../modules/call/index.ts';
import { equipment } from '../modules/equipment/index.ts';
import { areas, stations, userStations } from '../modules/information/index.ts';
import { userGroups, users } from '../modules/setting/index.ts';
import { setClock } from '../platform/clock.ts';
import type { Tx } from '../platform/db.ts';
import type { Actor } from '../platform/machine.ts';
import type { TenantInfo } from '../platform/services.ts';
import { generator } from './random.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The factory's clock: China Standard Time, UTC+8. */
const CST = 8 * HOUR;
/** Weeks of call history before today. */
const WEEKS = 3;

/**
 * The works' call types: [name, receivers (user names), minutes to respond, share of the calls,
 * what a caller says, what the responder did].
 */
const TYPES = [
  [
    '设备',
    ['shebei01', 'shebei02'],
    10,
    0.4,
    [
      '绕线张力波动，线圈松紧不均',
      '排线机构卡顿',
      '真空泵抽不到位',
      '液压站漏油',
      '设备报警停机',
      '导轮异响',
    ],
    [
      '调整张力器，试绕正常',
      '清理排线丝杠并加油，恢复运行',
      '更换真空泵密封圈，真空度恢复',
      '紧固油管接头，清理油污',
      '复位报警，检查限位开关正常',
      '更换导轮轴承',
    ],
  ],
  [
    '物料',
    ['cangguan01', 'cangguan02'],
    15,
    0.3,
    ['漆包铜线快用完', '绝缘纸筒缺料', '硅钢片待补料', '垫块、撑条不足', '变压器油待补充'],
    ['已从线边库补送铜线', '已配送绝缘材料到工位', '已叫料并送达', '已补齐辅料', '已调拨到位'],
  ],
  [
    '质量',
    ['zhijian01', 'zhijian02'],
    10,
    0.2,
    ['首件尺寸待确认', '线圈匝数复核', '焊点外观异常', '绝缘距离不确定'],
    ['首件检验合格，可批量生产', '复核匝数无误', '补焊后复检合格', '按工艺文件确认合格'],
  ],
  [
    '工艺',
    ['gongyi01'],
    30,
    0.05,
    ['换型参数不清楚', '作业指导书版本疑问'],
    ['现场讲解参数并更新看板', '已下发最新作业指导书'],
  ],
  [
    '其他',
    ['jingli01'],
    30,
    0.05,
    ['工位照明故障', '需要临时增派人手'],
    ['已联系后勤更换灯管', '已从二线调配一人支援'],
  ],
] as const;

type TypeModel = (typeof TYPES)[number];

/**
 * Who else is called while nobody responds, by type name: [minutes after the call, user names,
 * group names]. A stopped machine goes to the production manager, then to the production
 * management group (the planner re-plans around it); a missing material and a waiting quality
 * question go to the manager.
 */
const ESCALATION: Readonly<
  Record<string, readonly (readonly [number, readonly string[], readonly string[]])[]>
> = {
  设备: [
    [15, ['jingli01'], []],
    [30, [], ['生产管理组']],
  ],
  物料: [[30, ['jingli01'], []]],
  质量: [[20, ['jingli01'], []]],
};

/**
 * The transformer works' andon (DOMAIN "Call system"): its call types with the demo's people as
 * receivers and escalation levels, then three weeks of calls from its stations — nearly all
 * responded within 1–15 minutes and closed with what was done, a few so late that they escalated
 * first (the escalation sweep run at each level's minute), a few cancelled by their caller — and
 * two open now: an equipment call waiting, escalated to the manager, and a material call under way.
 * Written through the call module's services at the moments they happened. The history was made
 * while the 设备 type filed no fault reports; the works switched that on afterwards, so the open
 * equipment call files one when it is closed.
 */
export async function seedCalls(tx: Tx, tenant: TenantInfo, adminId: number): Promise<void> {
  const rng = generator(`${tenant.memberCode}-calls`);
  const people = new Map(
    (await tx.select({ id: users.id, userName: users.userName }).from(users)).map((u) => [u.userName, u.id]),
  );
  const groups = new Map(
    (await tx.select({ id: userGroups.id, name: userGroups.name }).from(userGroups)).map((g) => [
      g.name,
      g.id,
    ]),
  );
  const levelsOf = (t: TypeModel) =>
    (ESCALATION[t[0]] ?? [])
      .map(([afterMinutes, u, g]) => ({
        afterMinutes,
        userIds: u.flatMap((n) => people.get(n) ?? []),
        groupIds: g.flatMap((n) => groups.get(n) ?? []),
      }))
      .filter((l) => l.userIds.length || l.groupIds.length);
  const types = new Map<TypeModel, number>();
  for (const [i, t] of TYPES.entries()) {
    const id = await callType.create(tx, adminId, {
      name: t[0],
      responseMinutes: t[2],
      receiverUserIds: t[1].flatMap((u) => people.get(u) ?? []),
      receiverGroupIds: [],
      escalation: levelsOf(t),
      createsRepairOrder: false,
      remark: i === 0 ? '设备故障、异常停机呼叫设备员' : null,
    });
    types.set(t, id);
  }
  /** The escalation sweep as it ran while a call waited until `until`: at each level's minute. */
  const escalateUntil = async (t: TypeModel, calledAt: number, until: number) => {
    for (const l of levelsOf(t)) {
      const at = calledAt + l.afterMinutes * MINUTE;
      if (at > until) break;
      setClock(tx, new Date(at));
      await escalateCalls(tx, undefined, new Date(at));
    }
  };
  const places = await tx
    .select({ id: stations.id, areaName: areas.name })
    .from(stations)
    .innerJoin(areas, eq(areas.id, stations.areaId))
    .orderBy(stations.code);
  if (!places.length) return;
  const staffed = await tx
    .select({ stationId: userStations.stationId, userId: userStations.userId })
    .from(userStations)
    .where(
      inArray(
        userStations.stationId,
        places.map((p) => p.id),
      ),
    );
  const operatorsAt = new Map<number, number[]>();
  for (const s of staffed) operatorsAt.set(s.stationId, [...(operatorsAt.get(s.stationId) ?? []), s.userId]);
  const machines = await tx
    .select({ id: equipment.id, location: equipment.location })
    .from(equipment)
    .where(eq(equipment.kind, 0));
  const machinesOn = (areaName: string) => {
    const here = machines.filter((m) => m.location?.includes(areaName));
    return here.length ? here : machines;
  };
  const as = (userId: number): Actor => ({ userId, tenant, permissions: new Set(), isAdmin: true });
  const pickType = () => {
    let r = rng.next();
    for (const t of TYPES) {
      r -= t[3];
      if (r < 0) return t;
    }
    return TYPES[0];
  };
  const raise = async (t: TypeModel, at: number) => {
    setClock(tx, new Date(at));
    const place = rng.pick(places);
    const callerId = rng.pick(operatorsAt.get(place.id) ?? [adminId]);
    const said = rng.int(0, t[4].length - 1);
    const made = await makeCall(
      tx,
      callerId,
      {
        typeId: types.get(t) ?? 0,
        stationId: place.id,
        equipmentId: t[0] === '设备' && machines.length ? rng.pick(machinesOn(place.areaName)).id : null,
        remark: t[4][said],
      },
      undefined,
    );
    return { ...made, callerId, said };
  };

  const now = Date.now();
  const today = Math.floor((now + CST) / DAY) * DAY - CST;
  for (let day = today - WEEKS * 7 * DAY; day < today; day += DAY) {
    if (new Date(day + CST).getUTCDay() === 0) continue;
    const count = rng.int(1, 3);
    for (let k = 0; k < count; k++) {
      const t = pickType();
      // the day shift, 08:00–20:00
      const at = day + 8 * HOUR + rng.int(0, 11 * 60) * MINUTE;
      // each is closed or cancelled before the next is made: one open call per station and type holds
      const made = await raise(t, at + k * 2 * HOUR);
      if (rng.next() < 0.06) {
        setClock(tx, new Date(at + k * 2 * HOUR + rng.int(1, 3) * MINUTE));
        await callActions.act(tx, as(made.callerId), 'cancel', { id: made.id });
        continue;
      }
      const responder = people.get(rng.pick(t[1])) ?? adminId;
      // most within 8 minutes, some late, a few so late that the call escalated first
      const r = rng.next();
      const calledAt = at + k * 2 * HOUR;
      const responded =
        calledAt +
        (r < 0.75 ? rng.int(1, 8) : r < 0.87 ? rng.int(9, 15) : rng.int(16, 45)) * MINUTE +
        rng.int(0, 59) * 1000;
      await escalateUntil(t, calledAt, responded);
      setClock(tx, new Date(responded));
      await respondCall(tx, as(responder), { id: made.id }, undefined);
      setClock(tx, new Date(responded + rng.int(5, 90) * MINUTE));
      await closeCall(tx, as(responder), { id: made.id, result: t[5][made.said] }, undefined);
    }
  }

  // on the floor now: an equipment call waiting (escalated to the manager), a material call being handled
  const device = TYPES[0];
  const material = TYPES[1];
  await raise(device, now - 17 * MINUTE);
  await escalateUntil(device, now - 17 * MINUTE, now);
  const underWay = await raise(material, now - 20 * MINUTE);
  setClock(tx, new Date(now - 16 * MINUTE));
  await respondCall(tx, as(people.get(material[1][0]) ?? adminId), { id: underWay.id }, undefined);
  setClock(tx, undefined);
  await callType.update(tx, adminId, types.get(device) ?? 0, { createsRepairOrder: true });
}
