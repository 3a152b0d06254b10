import type { Proposal, QuotaVariance } from '@factory/shared/api/quota';
import type { PrepLineRow } from '@factory/shared/api/warehouse';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import { notificationTasks } from '../notification/index.ts';
import { openWorkOrder, type ProductionFixture } from '../plans/testing.ts';
import { PREP, type PrepFixture, prepFixture } from '../warehouse/testing.ts';
import { quotaActions, quotaApplications, quotaApplyActions, quotas } from './index.ts';

const Q = 'purchase/private/quota/';
const A = 'purchase/private/quotaApply/';
const M = 'basicData/materials/private/';

type Quota = {
  id: number;
  code: string;
  version: number;
  status: number;
  lineCount: number;
  lines: { materialsId: number; quotaPerUnit: number; tolerancePct: number }[];
};

let h: Harness;
let p: PrepFixture;
let f: ProductionFixture;
let bolt: number;
let secondId: number;
let workOrderCode: string;
/** The keeper who picks and applies, the purchase clerk who approves, a user with no keys. */
let keeper: Calls;
let approver: Calls;
let viewer: Calls;
let applyId: number;

beforeAll(async () => {
  h = await createHarness();
  p = await prepFixture(
    h,
    'quota',
    [],
    [
      { userName: 'keeper', name: '仓管员甲', modules: ['warehouse'] },
      { userName: 'approver', name: '采购主管', modules: ['purchase'] },
      { userName: 'viewer', modules: [] },
    ],
  );
  f = p.f;
  keeper = callsAs(h, await h.login('quota', 'keeper'));
  approver = callsAs(h, await h.login('quota', 'approver'));
  viewer = callsAs(h, await h.login('quota', 'viewer'));
  // a phantom kit of bolts under the transformer: picked as bolts, never as a kit
  const kit = await p.add(`${M}materials/addMaterials`, {
    code: 'KIT-01',
    name: '紧固件包',
    materialType: 1,
    mainUnitId: f.ids.unit,
    isVirtualMaterials: true,
  });
  bolt = await p.add(`${M}materials/addMaterials`, {
    code: 'BOLT-M12',
    name: '螺栓 M12',
    materialType: 0,
    mainUnitId: f.ids.unit,
    isVirtualMaterials: false,
  });
  await f.a.ok(
    f.a.put(`${M}materials/updateBomList`, { parentId: kit, items: [{ childId: bolt, quantity: 4 }] }),
  );
  await f.a.ok(
    f.a.put(`${M}materials/updateBomList`, {
      parentId: f.ids.product,
      items: [
        { childId: f.ids.core, quantity: 1 },
        { childId: f.ids.copper, quantity: 40, lossRate: 2.5 },
        { childId: kit, quantity: 2, lossRate: 10 },
      ],
    }),
  );
  await p.receive([
    { materialsId: f.ids.core, quantity: 10, batchCode: 'CORE-Q1' },
    { materialsId: f.ids.copper, quantity: 500, batchCode: 'CU-Q1' },
  ]);
});
afterAll(() => h.close());

const detail = (id: number) => f.a.ok<Quota>(f.a.get(`${Q}getQuotaDetail`, { id }));

async function addQuota(lines: Record<string, unknown>[], body: Record<string, unknown> = {}) {
  return f.a.ok<Quota>(
    f.a.post(`${Q}addQuota`, { materialsId: f.ids.product, effectiveFrom: '2026-11-01', lines, ...body }),
  );
}

async function act(id: number, action: string) {
  const { version } = await detail(id);
  return f.a.post(`${Q}${action}`, { id, version });
}

describe('production quota (生产定额)', () => {
  it('proposes lines from the BOM with the loss rate, exploding phantoms', async () => {
    const proposal = await f.a.ok<Proposal>(f.a.get(`${Q}proposeQuotaLines`, { materialsId: f.ids.product }));
    expect(proposal.source).toBe('bom');
    expect(proposal.versions.map((v) => v.id)).toEqual([f.ids.mainVersion]);
    expect(proposal.lines.map((l) => [l.materialsCode, l.qtyPer, l.lossRate, l.quotaPerUnit, l.via])).toEqual(
      [
        ['CORE-400', 1, 0, 1, null],
        ['CU-1.8', 40, 2.5, 41, null],
        // 2 kits × 1.1 loss × 4 bolts
        ['BOLT-M12', 8.8, 0, 8.8, '紧固件包'],
      ],
    );
    const raw = await f.a.get(`${Q}proposeQuotaLines`, { materialsId: f.ids.copper });
    expect(raw.body.errorMsg).toBe('所选产品不存在或不是自制的成品、半成品');
  });

  it('keeps one effective quota per product and version: a second one obsoletes the first', async () => {
    const first = await addQuota([
      { materialsId: f.ids.core, quotaPerUnit: 1, tolerancePct: 0 },
      { materialsId: f.ids.copper, quotaPerUnit: 41, tolerancePct: 0 },
    ]);
    expect(first.code).toMatch(/^DE\d{8}\d{3}$/);
    expect(first.lineCount).toBe(2);
    await f.a.ok(act(first.id, 'effect'));
    const edit = await f.a.put(`${Q}updateOne`, { id: first.id, version: (await detail(first.id)).version });
    expect(edit.body.errorMsg).toBe(`生产定额“${first.code}”生效，不能修改，请先撤回`);
    const dup = await f.a.post(`${Q}addQuota`, {
      materialsId: f.ids.product,
      effectiveFrom: '2026-11-01',
      lines: [
        { materialsId: f.ids.copper, quotaPerUnit: 1, tolerancePct: 0 },
        { materialsId: f.ids.copper, quotaPerUnit: 2, tolerancePct: 0 },
      ],
    });
    expect(dup.body.errorMsg).toBe('第2行物料重复');

    // copper cut to 30 kg a unit, 10 % tolerance
    const second = await addQuota(
      [
        { materialsId: f.ids.core, quotaPerUnit: 1, tolerancePct: 0 },
        { materialsId: f.ids.copper, quotaPerUnit: 30, tolerancePct: 10 },
      ],
      { processFlowVersionId: null, remark: '铜线降耗' },
    );
    await f.a.ok(act(second.id, 'effect'));
    expect((await detail(first.id)).status).toBe(2);
    expect((await detail(second.id)).status).toBe(1);
    secondId = second.id;
    const stale = await f.a.post(`${Q}withdraw`, { id: second.id, version: 0 });
    expect(stale.body.errorCode).toBe(6);
  });

  it('refuses an issue beyond the quota until an application for it is passed', async () => {
    const wo = await openWorkOrder(f, 2);
    const sent = await p.send(wo.id);
    const lines = await f.a.ok<PrepLineRow[]>(f.a.get(`${PREP}getMaterialPrepLineList`, { id: sent.id }));
    const copper = lines.find((l) => l.materialsId === f.ids.copper) as PrepLineRow;
    expect(copper.requiredQuantity).toBe(82);
    let version = (
      await keeper.ok<{ version: number }>(
        keeper.post(`${PREP}pick`, {
          id: sent.id,
          version: sent.version,
          warehouseId: p.raw,
          lines: [{ lineId: copper.id, quantity: 60 }],
        }),
      )
    ).version;
    const pick = (quantity: number) =>
      keeper.post(`${PREP}pick`, {
        id: sent.id,
        version,
        warehouseId: p.raw,
        lines: [{ lineId: copper.id, quantity }],
      });
    const refused = await pick(10);
    expect(refused.body.errorCode).toBe(7);
    expect(refused.body.errorMsg).toBe(
      '超定额领料：“漆包铜线 Φ1.8”定额 66 kg，已领 60 kg，本次 10 kg；请先提交超定额申请并经审核通过',
    );
    expect(refused.body.result).toEqual([
      {
        field: 'overQuota',
        message: refused.body.errorMsg,
        workOrderId: wo.id,
        workOrderCode: wo.code,
        materialsId: f.ids.copper,
        materialsName: '漆包铜线 Φ1.8',
        unitName: 'kg',
        excess: 4,
        pendingCodes: [],
      },
    ]);
    expect(await p.onHand(f.ids.copper, p.lineSide)).toBe(60);

    // the application is checked before it is filed
    const apply = (body: Record<string, unknown>, by = keeper) =>
      by.post(`${A}addQuotaApply`, { workOrderId: wo.id, materialsId: f.ids.copper, ...body });
    expect((await apply({ quantity: 4, reason: '' })).body.errorCode).toBe(1);
    expect((await apply({ quantity: 0, reason: '返工' })).body.errorCode).toBe(1);
    expect((await apply({ quantity: 4, reason: 'x'.repeat(201) })).body.errorCode).toBe(1);
    const unlisted = await apply({ materialsId: bolt, quantity: 4, reason: '返工' });
    expect(unlisted.body.errorMsg).toBe(
      `工单“${wo.code}”适用的生产定额不含该物料，领料不受定额限制，无需申请`,
    );
    expect((await apply({ quantity: 4, reason: '返工' }, viewer)).body.errorCode).toBe(3);

    // pending: still refused, the refusal names it; the approvers are told
    const filed = await keeper.ok<{ id: number; code: string; version: number }>(
      apply({ quantity: 6, reason: ' 绕线返工，重绕一台 ' }),
    );
    expect(filed.code).toMatch(/^CE\d{8}\d{3}$/);
    applyId = filed.id;
    const waiting = await pick(10);
    expect(waiting.body.errorMsg).toBe(
      `超定额领料：“漆包铜线 Φ1.8”定额 66 kg，已领 60 kg，本次 10 kg；超定额申请“${filed.code}”待审核，请审核通过后再领料`,
    );
    const told = await h.db.withTenant(f.tenant.id, (tx) =>
      tx
        .select({ recipientId: notificationTasks.recipientId, message: notificationTasks.message })
        .from(notificationTasks)
        .where(eq(notificationTasks.type, 'quotaApplySubmitted')),
    );
    expect(told.map((t) => t.recipientId).sort()).toEqual([f.tenant.adminId, f.tenant.users.approver].sort());
    expect(told[0].message).toBe(
      `仓管员甲提交了超定额申请“${filed.code}”：工单 ${wo.code} 的“漆包铜线 Φ1.8”多领 6 kg，原因：绕线返工，重绕一台，请审核`,
    );

    // only approvers pass it; the applicant is told
    expect((await keeper.post(`${A}approve`, { id: filed.id, version: filed.version })).body.errorCode).toBe(
      3,
    );
    const passed = await approver.ok<{ version: number; auditStatus: number }>(
      approver.post(`${A}approve`, { id: filed.id, version: filed.version }),
    );
    expect(passed.auditStatus).toBe(1);
    const [news] = await h.db.withTenant(f.tenant.id, (tx) =>
      tx
        .select({ recipientId: notificationTasks.recipientId, title: notificationTasks.title })
        .from(notificationTasks)
        .where(eq(notificationTasks.type, 'quotaApplyAudited')),
    );
    expect(news).toEqual({ recipientId: f.tenant.users.keeper, title: '超定额申请已通过' });
    const again = await keeper.post(`${A}withdraw`, { id: filed.id, version: passed.version });
    expect(again.body.errorMsg).toBe(`超定额申请“${filed.code}”已通过，不能撤回`);

    // up to the passed extra (66 + 6 = 72) the pick goes through; beyond it, refused again
    const beyond = await pick(13);
    expect(beyond.body.errorMsg).toBe(
      '超定额领料：“漆包铜线 Φ1.8”定额 66 kg，已批准超定额 6 kg，已领 60 kg，本次 13 kg；请先提交超定额申请并经审核通过',
    );
    expect((beyond.body.result as { excess: number }[])[0].excess).toBe(1);
    version = (await keeper.ok<{ version: number }>(pick(10))).version;
    expect(await p.onHand(f.ids.copper, p.lineSide)).toBe(70);
    expect((await pick(2.5)).body.errorCode).toBe(7);
    workOrderCode = wo.code;
  });

  it('rejects with a reason, and lets only the applicant withdraw while pending', async () => {
    const [{ workOrderId }] = await h.db.withTenant(f.tenant.id, (tx) =>
      tx
        .select({ workOrderId: quotaApplications.workOrderId })
        .from(quotaApplications)
        .where(eq(quotaApplications.id, applyId)),
    );
    const file = async (reason: string) =>
      keeper.ok<{ id: number; code: string; version: number }>(
        keeper.post(`${A}addQuotaApply`, { workOrderId, materialsId: f.ids.copper, quantity: 5, reason }),
      );
    const first = await file('铜线受潮报废');
    const noReason = await approver.post(`${A}reject`, { id: first.id, version: first.version });
    expect(noReason.body.errorCode).toBe(1);
    const rejected = await approver.ok<{ auditStatus: number }>(
      approver.post(`${A}reject`, { id: first.id, version: first.version, reason: '先查明受潮原因' }),
    );
    expect(rejected.auditStatus).toBe(2);
    const second = await file('再次申请');
    const notMine = await approver.post(`${A}withdraw`, { id: second.id, version: second.version });
    expect(notMine.body.errorCode).toBe(3);
    const withdrawn = await keeper.ok<{ auditStatus: number }>(
      keeper.post(`${A}withdraw`, { id: second.id, version: second.version }),
    );
    expect(withdrawn.auditStatus).toBe(-1);
    const rows = await f.a.page<{
      code: string;
      auditStatus: number;
      rejectReason: string | null;
      applicantName: string;
      approverName: string | null;
      workOrderCode: string;
      materialsName: string;
      quantity: number;
    }>(`${A}getQuotaApplyListPage`);
    expect(rows.content.map((r) => [r.code, r.auditStatus])).toEqual([
      [second.code, -1],
      [first.code, 2],
      [expect.any(String), 1],
    ]);
    expect(rows.content[1]).toMatchObject({
      rejectReason: '先查明受潮原因',
      applicantName: '仓管员甲',
      approverName: '采购主管',
      workOrderCode,
      materialsName: '漆包铜线 Φ1.8',
      quantity: 5,
    });
    const [rejectNews] = await h.db.withTenant(f.tenant.id, (tx) =>
      tx
        .select({ message: notificationTasks.message })
        .from(notificationTasks)
        .where(
          and(
            eq(notificationTasks.type, 'quotaApplyAudited'),
            eq(notificationTasks.title, '超定额申请已驳回'),
          ),
        ),
    );
    expect(rejectNews.message).toContain('被采购主管驳回：先查明受潮原因');
    // its trail: filed, then each action
    const trail = await f.a.ok<{ actionLabel: string; reason: string | null }[]>(
      f.a.get(`${A}getLogList`, { id: first.id }),
    );
    expect(trail.map((t) => [t.actionLabel, t.reason])).toEqual([
      ['新增', null],
      ['驳回', '先查明受潮原因'],
    ]);
    expect((await viewer.get(`${A}getQuotaApplyListPage`, {})).body.errorCode).toBe(3);
  });

  it("shows each work order's quota against what was issued, and the overruns", async () => {
    const v = await f.a.ok<QuotaVariance>(f.a.get(`${Q}getQuotaVariance`, { id: secondId }));
    const copper = v.rows.find((r) => r.workOrderCode === workOrderCode && r.materialsId === f.ids.copper);
    expect(copper).toMatchObject({
      workOrderQuantity: 2,
      quotaQuantity: 60,
      allowedQuantity: 66,
      issuedQuantity: 70,
      variance: 10,
      variancePct: 16.67,
    });
    const core = v.rows.find((r) => r.workOrderCode === workOrderCode && r.materialsId === f.ids.core);
    expect(core).toMatchObject({ quotaQuantity: 2, issuedQuantity: 0, variance: -2 });
    expect(v.overruns).toHaveLength(1);
    expect(v.overruns[0]).toMatchObject({
      workOrderCode,
      materialsName: '漆包铜线 Φ1.8',
      allowedQuantity: 66,
      issuedBefore: 60,
      quantity: 10,
      reason: '绕线返工，重绕一台',
      applicationCodes: [expect.stringMatching(/^CE/)],
    });
    expect(v.overruns[0].stockDocCode).toMatch(/^CRK/);
  });

  it('takes every action from every state as its declaration says', async () => {
    const q = await addQuota([{ materialsId: f.ids.core, quotaPerUnit: 1, tolerancePct: 0 }], {
      processFlowVersionId: f.ids.mainVersion,
    });
    const stale = await f.a.put(`${Q}updateOne`, {
      id: q.id,
      version: q.version + 1,
      materialsId: f.ids.product,
      effectiveFrom: '2026-11-02',
      lines: [{ materialsId: f.ids.core, quotaPerUnit: 2, tolerancePct: 0 }],
    });
    expect(stale.body.errorCode).toBe(6);
    const edited = await f.a.ok<{ version: number }>(
      f.a.put(`${Q}updateOne`, {
        id: q.id,
        version: q.version,
        materialsId: f.ids.product,
        processFlowVersionId: f.ids.mainVersion,
        effectiveFrom: '2026-11-02',
        lines: [{ materialsId: f.ids.core, quotaPerUnit: 2, tolerancePct: 1.5 }],
      }),
    );
    expect((await detail(q.id)).lines).toMatchObject([{ quotaPerUnit: 2, tolerancePct: 1.5 }]);
    expect(edited.version).toBe(q.version + 1);
    const steps = await walkMachine(h, f.tenant.id, quotaActions, quotas, q.id);
    expect(steps).toHaveLength(3 * 3);
    const applySteps = await walkMachine(h, f.tenant.id, quotaApplyActions, quotaApplications, applyId);
    expect(applySteps).toHaveLength(4 * 3);
    expect(applySteps.filter((s) => !s.refused).map((s) => [s.state.auditStatus, s.action])).toEqual([
      [0, 'approve'],
      [0, 'reject'],
      [0, 'withdraw'],
    ]);
  });
});
