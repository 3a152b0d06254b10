import type { Proposal, QuotaVariance } from '@factory/shared/api/quota';
import type { PrepLineRow } from '@factory/shared/api/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import { openWorkOrder, type ProductionFixture } from '../plans/testing.ts';
import { PREP, type PrepFixture, prepFixture } from '../warehouse/testing.ts';
import { quotaActions, quotas } from './index.ts';

const Q = 'purchase/private/quota/';
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

beforeAll(async () => {
  h = await createHarness();
  p = await prepFixture(h, 'quota', []);
  f = p.f;
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

  it('refuses an issue beyond the quota, and lets it through with a reason, kept with the pick', async () => {
    const wo = await openWorkOrder(f, 2);
    const sent = await p.send(wo.id);
    const lines = await f.a.ok<PrepLineRow[]>(f.a.get(`${PREP}getMaterialPrepLineList`, { id: sent.id }));
    const copper = lines.find((l) => l.materialsId === f.ids.copper) as PrepLineRow;
    expect(copper.requiredQuantity).toBe(82);
    const first = await f.a.ok<{ version: number }>(
      f.a.post(`${PREP}pick`, {
        id: sent.id,
        version: sent.version,
        warehouseId: p.raw,
        lines: [{ lineId: copper.id, quantity: 60 }],
      }),
    );
    const pick = {
      id: sent.id,
      version: first.version,
      warehouseId: p.raw,
      lines: [{ lineId: copper.id, quantity: 10 }],
    };
    const refused = await f.a.post(`${PREP}pick`, pick);
    expect(refused.body.errorMsg).toBe(
      '超定额领料：“漆包铜线 Φ1.8”定额 66 kg，已领 60 kg，本次 10 kg；如确需领用，请填写超定额原因',
    );
    expect(await p.onHand(f.ids.copper, p.lineSide)).toBe(60);
    await f.a.ok(f.a.post(`${PREP}pick`, { ...pick, overQuotaReason: '绕线返工，重绕一台' }));
    expect(await p.onHand(f.ids.copper, p.lineSide)).toBe(70);
    workOrderCode = wo.code;
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
  });
});
