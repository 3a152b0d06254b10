import { equipmentRepairMachine, partApplyMachine } from '@factory/shared/machines/equipment';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import {
  dispatchRepair,
  equipment,
  equipmentRepair,
  equipmentRepairActions,
  equipmentRepairs,
  faultReason,
  faultReasons,
  fileFaultReport,
  partApply,
  partApplyActions,
} from '../modules/equipment/index.ts';
import { users } from '../modules/setting/index.ts';
import { setClock } from '../platform/clock.ts';
import type { Tx } from '../platform/db.ts';
import type { TenantInfo } from '../platform/services.ts';
import { sessionOf } from './production.ts';
import { PARTS_FOR, restockFor, spareStore } from './spareParts.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A kind of fault a machine family has: what is seen, the reason found, what was done, whether it stops the machine. */
type Fault = readonly [phenomenon: string, reason: string, measures: string, stops: boolean];

/** How far one report's story goes: the status it stops at, 7 rejected. */
type Stage = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** What the repair found behind a report a check, a reading or a call filed: [word in it, reason, measures]. */
const FOUND: readonly (readonly [string, string, string])[] = [
  ['油', '密封圈老化', '更换渗漏处密封件，补油至标准油位，复查合格'],
  ['润滑', '润滑不良', '清理油路并加注润滑脂，复查合格'],
  ['张力', '张力控制器失灵', '重新标定张力控制器，试运行正常'],
  ['真空', '真空泵油乳化', '更换真空泵油，保压试验合格'],
  ['温', '加热管烧断', '更换加热管，校准温控表'],
  ['密封', '密封圈老化', '更换密封圈，保压试验合格'],
];
const FOUND_ELSE = ['紧固件松动', '紧固松动部件，调整后复查合格'] as const;

/** The works' fault reasons: [name, category]. */
const REASONS: readonly (readonly [string, string])[] = [
  ['张力控制器失灵', '电气'],
  ['排线机构卡滞', '机械'],
  ['主轴轴承磨损', '机械'],
  ['伺服驱动器报警', '电气'],
  ['真空泵油乳化', '液压'],
  ['密封圈老化', '液压'],
  ['加热管烧断', '电气'],
  ['刀片磨损崩刃', '机械'],
  ['液压油缸内泄', '液压'],
  ['制动器间隙过大', '机械'],
  ['接触器触点烧蚀', '电气'],
  ['润滑不良', '机械'],
  ['紧固件松动', '机械'],
  ['操作不当', '操作'],
];

/** Machine family (the register's name without its number) → the faults it has. */
const FAULTS: Readonly<Record<string, readonly Fault[]>> = {
  立式绕线机: [
    ['绕线张力波动大，导线两次拉断', '张力控制器失灵', '更换张力传感器并重新标定张力，试绕一层正常', true],
    ['排线不齐，层间出现叠线', '排线机构卡滞', '清理排线丝杠、加注润滑脂，调整排线间距', false],
    ['主轴运转异响，振动明显', '主轴轴承磨损', '更换主轴前后轴承，动平衡校正', true],
    [
      '伺服报警 AL.16，设备停机',
      '伺服驱动器报警',
      '检查编码器线缆，重新插接并紧固屏蔽层，复位后运行正常',
      true,
    ],
  ],
  卧式绕线机: [
    ['绕线张力不稳，线圈松紧不一', '张力控制器失灵', '更换张力控制器磁粉离合器，重新整定', true],
    ['尾座顶紧力不足，模具打滑', '液压油缸内泄', '更换尾座油缸密封件，补充液压油', true],
  ],
  箔式绕线机: [
    ['铜箔跑偏，纠偏报警', '伺服驱动器报警', '清洁纠偏光电，调整纠偏灵敏度', false],
    ['分切刀切口毛刺大', '刀片磨损崩刃', '更换分切刀片，调整刀距', false],
  ],
  硅钢片纵剪线: [
    ['剪切毛刺超标（> 0.02 mm）', '刀片磨损崩刃', '更换圆盘刀并修磨隔套，调整刀隙', true],
    ['收卷张力异常，带材起皱', '张力控制器失灵', '更换收卷张力辊编码器', false],
  ],
  铁芯横剪线: [
    ['冲剪位置偏差，片长超差', '伺服驱动器报警', '重新回零并校正送料伺服参数', true],
    ['剪刀片崩口', '刀片磨损崩刃', '更换剪刀片，试剪合格', true],
  ],
  真空干燥罐: [
    ['抽真空达不到 50 Pa，真空度上不去', '真空泵油乳化', '更换真空泵油，清洗油气分离器', true],
    ['罐门密封处漏气', '密封圈老化', '更换罐门密封圈，保压试验合格', true],
    ['罐内温度升不上去', '加热管烧断', '更换两支烧断的加热管', true],
  ],
  真空浸漆设备: [
    ['浸漆罐真空保持不住', '密封圈老化', '更换进漆阀密封，重新保压', true],
    ['输漆泵不出漆', '接触器触点烧蚀', '更换输漆泵接触器', true],
  ],
  真空注油机: [
    ['注油管路接头渗油', '密封圈老化', '更换接头 O 形圈并紧固', false],
    ['真空泵噪声大，真空度下降', '真空泵油乳化', '更换真空泵油及排气过滤器', true],
    ['油温加热不到 60 ℃', '加热管烧断', '更换加热器，校准温控表', false],
  ],
  变压器综合测试台: [['测试电压输出不稳', '接触器触点烧蚀', '更换调压器输出接触器，校准后正常', true]],
  变比测试仪: [['变比读数跳动', '操作不当', '重新接线并培训操作人员，测试正常', false]],
  行车: [
    ['大车制动溜车距离过长', '制动器间隙过大', '调整制动器间隙，更换制动片', true],
    ['起升接触器吸合异响', '接触器触点烧蚀', '更换起升接触器', true],
  ],
  电动平车: [['平车行走时断时续', '接触器触点烧蚀', '更换行走接触器，检查滑触线', false]],
  螺杆空压机: [['空压机排气温度高报警停机', '密封圈老化', '清洗油冷却器，更换油分芯和密封件', true]],
};

/** A repeatable shuffle: the same demo every start. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** The tenants whose equipment keepers keep repair orders. */
export const demoRepairs: ReadonlySet<string> = new Set(['transformer']);

/**
 * The transformer works' year of repairs (维修工单), written through the equipment module's services
 * as it happened: the fault reasons the keepers keep; about one fault report a week on
 * the machines in service, filed by the operator who runs it, audited by 杨帆 (half of them naming
 * the keeper who is to take it, the rest left to either), taken and repaired by one keeper and
 * verified by the other, with the minutes that takes; a few quick repairs the keeper
 * entered afterwards, two false alarms rejected; the reports the year's NG checks, out-of-range
 * readings and calls filed repaired alike (all but the last two days'); and this week's reports
 * still open in every state,
 * so each list and button has something to show.
 */
export async function seedRepairs(
  tx: Tx,
  tenant: TenantInfo,
  adminId: number,
  now = Date.now(),
): Promise<void> {
  for (const [name, category] of REASONS) await faultReason.create(tx, adminId, { name, category });
  const reasonIds = new Map(
    (await tx.select({ id: faultReasons.id, name: faultReasons.name }).from(faultReasons)).map((r) => [
      r.name,
      r.id,
    ]),
  );
  const people = await tx
    .select({ id: users.id, userName: users.userName, name: users.name })
    .from(users)
    .where(inArray(users.userName, ['shebei01', 'shebei02', 'caozuo01', 'caozuo02', 'caozuo03']));
  // the keepers hold the repair list's keys (设备管理员 has the whole equipment module)
  const keys = new Set([
    ...Object.values(equipmentRepairMachine.actions).map((a) =>
      `equipmentRepairList${a.button}`.toLowerCase(),
    ),
    ...Object.values(partApplyMachine.actions).map((a) => `partApply${a.button}`.toLowerCase()),
  ]);
  const person = (userName: string) => {
    const u = people.find((p) => p.userName === userName);
    if (!u) throw new Error(`demo repairs: no user ${userName}`);
    return { ...sessionOf(tenant, { ...u, stationId: null, frequencyId: null }), permissions: keys };
  };
  const keepers = [person('shebei01'), person('shebei02')];
  const operators = [person('caozuo01'), person('caozuo02'), person('caozuo03')];
  const machines = (
    await tx
      .select({ id: equipment.id, name: equipment.name })
      .from(equipment)
      .where(and(eq(equipment.enabled, true), eq(equipment.state, 0)))
      .orderBy(asc(equipment.id))
  ).flatMap((m) => {
    const faults = FAULTS[m.name.replace(/^\d+#/, '')];
    return faults ? [{ ...m, faults }] : [];
  });
  if (!machines.length) return;
  const rnd = random(23);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  // a working hour of a day `daysAgo` before today (factory time, UTC+8)
  const at = (daysAgo: number, hour: number) =>
    new Date(
      Math.floor((now + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000 - daysAgo * DAY + hour * 3_600_000,
    );
  const act = async (when: Date, who: (typeof keepers)[number], id: number, action: string, more = {}) => {
    setClock(tx, when);
    await equipmentRepairActions.act(tx, who, action as never, { id, ...more });
  };
  const store = await spareStore(tx);
  /** The spare part a fault's repair takes, when the works keeps one for it. */
  const partFor = (reason: string) => {
    const [code, quantity] = PARTS_FOR[reason] ?? [];
    const materialsId = code ? store?.partIds.get(code) : undefined;
    return store && materialsId
      ? { materialsId, warehouseId: store.warehouseId, quantity: quantity ?? 1 }
      : undefined;
  };
  /**
   * The repairer asks for the part on 备件申请 (the bigger jobs, and this week's open ones): saved,
   * then submitted, passed by 杨帆 and issued by 何军, who keeps the spare warehouse, as far as `until`.
   */
  const apply = async (
    when: number,
    repairer: (typeof keepers)[number],
    id: number,
    part: NonNullable<ReturnType<typeof partFor>>,
    until: 'saved' | 'submitted' | 'issued',
  ) => {
    const [{ code }] = await tx
      .select({ code: equipmentRepairs.code })
      .from(equipmentRepairs)
      .where(eq(equipmentRepairs.id, id));
    setClock(tx, new Date(when));
    const applyId = await partApply.create(tx, repairer.userId, {
      sourceType: 0,
      sourceCode: code,
      reason: '维修更换',
      lines: [part],
    });
    if (until === 'saved') return;
    await partApplyActions.act(tx, repairer, 'submit', { id: applyId });
    if (until === 'submitted') return;
    setClock(tx, new Date(when + (10 + rnd() * 30) * MINUTE));
    await partApplyActions.act(tx, keepers[0], 'approve', { id: applyId });
    setClock(tx, new Date(when + (45 + rnd() * 30) * MINUTE));
    if (store) await restockFor(tx, keepers[1].userId, store, part.materialsId, part.quantity);
    await partApplyActions.act(tx, keepers[1], 'issue', { id: applyId });
  };
  /**
   * A filed report carried on from `from` as far as `until` (7: rejected as a false alarm); `named`:
   * the audit names the keeper who then takes it (else it goes to the pool).
   */
  const carry = async (
    id: number,
    from: number,
    until: Stage,
    reason: string,
    measures: string,
    named = false,
  ) => {
    if (until === 1) return;
    const [repairer, verifier] = rnd() < 0.6 ? keepers : [keepers[1], keepers[0]];
    let t = from;
    const next = (minutes: number) => {
      t += minutes * MINUTE;
      return new Date(t);
    };
    if (until === 7)
      return act(next(10 + rnd() * 30), keepers[0], id, 'reject', { reason: '现场确认设备正常，属误报' });
    setClock(tx, next(5 + rnd() * 25));
    await dispatchRepair(tx, keepers[0], 'audit', { id, dispatchedIds: named ? [repairer.userId] : [] });
    if (until === 2) {
      // still waiting: 杨帆 adds the other keeper (改派), whichever of them is free takes it
      if (named) {
        setClock(tx, next(30));
        await dispatchRepair(tx, keepers[0], 'redispatch', {
          id,
          dispatchedIds: [repairer.userId, verifier.userId],
        });
      }
      return;
    }
    await act(next(5 + rnd() * 20), repairer, id, 'accept');
    const part = partFor(reason);
    if (until === 3) {
      if (part) await apply(t + 15 * MINUTE, repairer, id, part, 'saved');
      return;
    }
    await act(next(5 + rnd() * 30), repairer, id, 'start');
    if (until === 4) {
      if (part) await apply(t + 20 * MINUTE, repairer, id, part, 'submitted');
      return;
    }
    // a third of the parts go through an application; the rest the repairer takes on finishing
    const applied = part !== undefined && rnd() < 0.35;
    if (part && applied) await apply(next(10 + rnd() * 20).getTime(), repairer, id, part, 'issued');
    if (part && !applied && store)
      await restockFor(tx, keepers[1].userId, store, part.materialsId, part.quantity);
    await act(next(25 + rnd() * 200), repairer, id, 'finish', {
      body: {
        faultReasonId: reasonIds.get(reason),
        measures,
        ...(part && !applied ? { parts: [part] } : {}),
      },
    });
    if (until === 5) return;
    await act(next(10 + rnd() * 60), verifier, id, 'verify');
  };
  /** An operator's report of one of a machine's faults `daysAgo`, carried as far as `until`. */
  const tell = async (daysAgo: number, until: Stage) => {
    const m = pick(machines);
    const [phenomenon, reason, measures, stops] = pick(m.faults);
    // today's happened this morning, before now
    const failed = new Date(Math.min(at(daysAgo, 8 + rnd() * 9).getTime(), now - 60 * MINUTE));
    const filed = failed.getTime() + (3 + rnd() * 12) * MINUTE;
    setClock(tx, new Date(filed));
    const { id } = await fileFaultReport(tx, pick(operators), {
      equipmentId: m.id,
      phenomenon,
      isStopped: stops,
      faultTime: failed,
    });
    // every other report of the year, and all of this week's, names its repairer at the audit
    await carry(id, filed, until, reason, measures, daysAgo <= 5 || told % 2 === 0);
  };
  // what the year's checks, readings and calls filed is repaired too, all but the last two days'
  const filed = await tx
    .select({
      id: equipmentRepairs.id,
      createdAt: equipmentRepairs.createdAt,
      phenomenon: equipmentRepairs.phenomenon,
    })
    .from(equipmentRepairs)
    .where(and(eq(equipmentRepairs.status, 1), lt(equipmentRepairs.createdAt, new Date(now - 2 * DAY))))
    .orderBy(asc(equipmentRepairs.id));
  for (const r of filed) {
    const [reason, measures] = FOUND.find(([word]) => r.phenomenon.includes(word))?.slice(1) ?? FOUND_ELSE;
    await carry(r.id, r.createdAt.getTime(), 6, reason, measures);
  }
  // every thirtieth operator's report is a false alarm the keeper rejects
  let told = 0;
  for (let daysAgo = 360; daysAgo > 6; daysAgo -= 3 + Math.floor(rnd() * 5)) {
    const r = rnd();
    if (r < 0.12) {
      // a keeper's quick repair, entered after the job
      const m = pick(machines);
      const [phenomenon, reason, measures, stops] = pick(m.faults);
      const failed = at(daysAgo, 9 + rnd() * 6);
      const started = new Date(failed.getTime() + (5 + rnd() * 20) * MINUTE);
      const finished = new Date(started.getTime() + (20 + rnd() * 90) * MINUTE);
      const keeper = pick(keepers);
      setClock(tx, new Date(finished.getTime() + 10 * MINUTE));
      await equipmentRepair.create(tx, keeper.userId, {
        equipmentId: m.id,
        faultTime: failed.toISOString(),
        phenomenon,
        isStopped: stops,
        startedAt: started.toISOString(),
        finishedAt: finished.toISOString(),
        faultReasonId: reasonIds.get(reason),
        measures,
      });
    } else await tell(daysAgo, ++told % 30 === 7 ? 7 : 6);
  }
  // this week: reports in every open state, the newest still waiting for audit, yesterday's named
  // to both keepers and not yet taken
  for (const [daysAgo, until] of [
    [5, 6],
    [4, 5],
    [3, 4],
    [2, 3],
    [1, 2],
    [0, 1],
  ] as const)
    await tell(daysAgo, until);
  setClock(tx, undefined);
}
