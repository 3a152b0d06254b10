import type { PrepLineRow, StockBalanceRow } from '@factory/shared/api/warehouse';
import { expect } from 'vitest';
import { type Calls, callsAs } from '../../testing/calls.ts';
import type { Harness, TestTenant } from '../../testing/harness.ts';
import { type ProductionFixture, productionFixture } from '../plans/testing.ts';

const M = 'basicData/materials/private/';
const W = 'warehouse/private/';
export const DOC = `${W}stockDoc/`;
export const PREP = `${W}materialPrep/`;
const INVENTORY = 'warehouse/kiki/private/warehouseMaterialsBatKiki/';

/** What a warehouse test starts from: two materials, a raw-material warehouse with two locations, a finished-goods warehouse. */
export interface WarehouseFixture {
  a: Calls;
  tenant: TestTenant;
  ids: {
    steel: number;
    copper: number;
    raw: number;
    finished: number;
    areaA: number;
    areaB: number;
    a0101: number;
    a0102: number;
    b0101: number;
    f0101: number;
    /** The stock types the tenant starts with: 采购入库, 其他入库, 其他出库, 生产领料. */
    purchaseIn: number;
    otherIn: number;
    otherOut: number;
    pickOut: number;
  };
}

/** Builds the warehouse through the API as a keeper's admin would. */
export async function warehouseFixture(
  h: Harness,
  memberCode = 'wh',
  users: Parameters<Harness['addTenant']>[1] = [],
  flags: Parameters<Harness['addTenant']>[2] = {},
): Promise<WarehouseFixture> {
  const tenant = await h.addTenant(memberCode, users, flags);
  const a = callsAs(h, await h.login(memberCode, 'admin'));
  const add = async (url: string, body: unknown) => (await a.ok<{ id: number }>(a.post(url, body))).id;
  const kg = await add(`${M}unit/addUnit`, { code: 'KG', name: 'kg' });
  const material = (code: string, name: string) =>
    add(`${M}materials/addMaterials`, {
      code,
      name,
      materialType: 0,
      mainUnitId: kg,
      isVirtualMaterials: false,
    });
  const steel = await material('GG-30Q120', '硅钢片 30Q120');
  const copper = await material('CU-1.8', '漆包铜线 Φ1.8');
  const raw = await add(`${W}warehouse/addWarehouse`, { code: 'CK01', name: '原材料仓' });
  const finished = await add(`${W}warehouse/addWarehouse`, { code: 'CK02', name: '成品仓' });
  const area = await add(`${W}warehouseArea/addWarehouseArea`, { code: 'A', name: 'A区', warehouseId: raw });
  const areaB = await add(`${W}warehouseArea/addWarehouseArea`, { code: 'B', name: 'B区', warehouseId: raw });
  const fArea = await add(`${W}warehouseArea/addWarehouseArea`, {
    code: 'F',
    name: '成品区',
    warehouseId: finished,
  });
  const location = (code: string, warehouseAreaId: number) =>
    add(`${W}warehouseLocation/addWarehouseLocation`, { code, name: code, warehouseAreaId });
  const a0101 = await location('A-01-01', area);
  const a0102 = await location('A-01-02', area);
  const b0101 = await location('B-01-01', areaB);
  const f0101 = await location('F-01-01', fArea);
  const types = await a.page<{ id: number; name: string }>(`${W}stockType/getStockTypeListPage`);
  const typeId = (name: string) => {
    const t = types.content.find((r) => r.name === name);
    expect(t, name).toBeDefined();
    return t?.id as number;
  };
  return {
    a,
    tenant,
    ids: {
      steel,
      copper,
      raw,
      finished,
      areaA: area,
      areaB,
      a0101,
      a0102,
      b0101,
      f0101,
      purchaseIn: typeId('采购入库'),
      otherIn: typeId('其他入库'),
      otherOut: typeId('其他出库'),
      pickOut: typeId('生产领料'),
    },
  };
}

export interface DocRow {
  id: number;
  code: string;
  version: number;
  status: number;
  lines: { id: number; batchCode: string | null; quantity: number; materialsId: number }[];
}

/** Adds a stock document (a stock-in of the raw-material warehouse unless told otherwise). */
export async function addDoc(f: WarehouseFixture, body: Record<string, unknown>): Promise<DocRow> {
  return f.a.ok<DocRow>(
    f.a.post(`${DOC}addStockDoc`, {
      kind: 0,
      stockTypeId: f.ids.purchaseIn,
      warehouseId: f.ids.raw,
      ...body,
    }),
  );
}

export const detail = (f: WarehouseFixture, id: number) =>
  f.a.ok<DocRow>(f.a.get(`${DOC}getStockDocDetail`, { id }));

/** Submits and approves a document: its stock moves. */
export async function postDoc(f: WarehouseFixture, doc: { id: number; version: number }) {
  const submitted = await f.a.ok<{ version: number }>(
    f.a.post(`${DOC}submit`, { id: doc.id, version: doc.version }),
  );
  return f.a.ok<{ version: number; status: number }>(
    f.a.post(`${DOC}approve`, { id: doc.id, version: submitted.version }),
  );
}

/** Adds and posts a stock-in of these lines; answers the document as posted. */
export async function stockIn(
  f: WarehouseFixture,
  lines: Record<string, unknown>[],
  body: Record<string, unknown> = {},
) {
  const doc = await addDoc(f, { ...body, lines });
  await postDoc(f, doc);
  return detail(f, doc.id);
}

/**
 * What a preparation or line-side test starts from: production's fixture (its product needs
 * copper and cores), a raw-material warehouse holding `receipt` (posted as one purchase stock-in)
 * and a line-side warehouse on the fixture's line.
 */
export interface PrepFixture {
  f: ProductionFixture;
  raw: number;
  lineSide: number;
  /** Adds a row through its add call, answering its id. */
  add(url: string, body: unknown): Promise<number>;
  /** Posts a purchase stock-in of these lines into the raw-material warehouse. */
  receive(lines: Record<string, unknown>[]): Promise<void>;
  /** The preparation order of a work order. */
  prepOf(workOrderId: number): Promise<PrepRow>;
  linesOf(prepId: number): Promise<PrepLineRow[]>;
  /** Sends the order of a work order; answers it as sent. */
  send(workOrderId: number): Promise<PrepRow>;
  /** On hand of a material in a warehouse, over its batches. */
  onHand(materialsId: number, warehouseId: number): Promise<number>;
}

export interface PrepRow {
  id: number;
  code: string;
  version: number;
  status: number;
  targetWarehouseName: string | null;
}

export async function prepFixture(
  h: Harness,
  memberCode: string,
  receipt: Record<string, unknown>[],
  users: Parameters<Harness['addTenant']>[1] = [],
): Promise<PrepFixture> {
  const f = await productionFixture(h, memberCode, users);
  const add = async (url: string, body: unknown) => (await f.a.ok<{ id: number }>(f.a.post(url, body))).id;
  const raw = await add(`${W}warehouse/addWarehouse`, { name: '原材料库' });
  const lineSide = await add(`${W}sitWarehouse/addSitWarehouse`, {
    name: '油变一线线边仓',
    areaId: f.ids.line,
  });
  const types = await f.a.page<{ id: number; name: string }>(`${W}stockType/getStockTypeListPage`);
  const receive = async (lines: Record<string, unknown>[]) => {
    const doc = await f.a.ok<{ id: number; version: number }>(
      f.a.post(`${DOC}addStockDoc`, {
        kind: 0,
        stockTypeId: types.content.find((t) => t.name === '采购入库')?.id,
        warehouseId: raw,
        lines,
      }),
    );
    const { version } = await f.a.ok<{ version: number }>(
      f.a.post(`${DOC}submit`, { id: doc.id, version: doc.version }),
    );
    await f.a.ok(f.a.post(`${DOC}approve`, { id: doc.id, version }));
  };
  if (receipt.length) await receive(receipt);
  const prepOf = async (workOrderId: number) =>
    (
      await f.a.page<PrepRow>(`${PREP}getMaterialPrepListPage`, [
        { fieldName: 'workOrderId', operator: 'eq', fieldValue: workOrderId },
      ])
    ).content[0];
  return {
    f,
    raw,
    lineSide,
    add,
    receive,
    prepOf,
    linesOf: (id) => f.a.ok<PrepLineRow[]>(f.a.get(`${PREP}getMaterialPrepLineList`, { id })),
    async send(workOrderId) {
      const prep = await prepOf(workOrderId);
      const sent = await f.a.ok<{ version: number; status: number }>(
        f.a.post(`${PREP}send`, { id: prep.id, version: prep.version }),
      );
      return { ...prep, ...sent };
    },
    onHand: async (materialsId, warehouseId) =>
      (await f.a.ok<StockBalanceRow[]>(f.a.get(`${INVENTORY}getMaterialsBatchList`, { materialsId })))
        .filter((b) => b.warehouseId === warehouseId)
        .reduce((s, b) => s + b.onHand, 0),
  };
}

/** The fixture's product's BOM by step: 40 kg of copper at 绕线, one core at 总装 (backflush takes each at its step). */
export async function bomBySteps(f: ProductionFixture): Promise<void> {
  const FLOW = 'basicData/production/private/';
  const version = await f.a.ok<{ steps: { id: number; procedureId: number }[] }>(
    f.a.get(`${FLOW}processFlowVersion/getProcessFlowVersionDetail`, { id: f.ids.mainVersion }),
  );
  const stepOf = (procedureId: number) => version.steps.find((s) => s.procedureId === procedureId)?.id;
  await f.a.ok(
    f.a.post(`${FLOW}processFlow/updateBomListView`, {
      versionId: f.ids.mainVersion,
      items: [
        { materialId: f.ids.copper, stepId: stepOf(f.ids.winding), quantity: 40 },
        { materialId: f.ids.core, stepId: stepOf(f.ids.assembly), quantity: 1 },
      ],
    }),
  );
}

/**
 * Sends a work order's preparation order and picks every line whole from `warehouseId` (or only
 * the lines of material `only`); answers the order.
 */
export async function pickWhole(
  f: ProductionFixture,
  workOrderId: number,
  warehouseId: number,
  only?: number,
): Promise<PrepRow> {
  const [prep] = (
    await f.a.page<PrepRow>(`${PREP}getMaterialPrepListPage`, [
      { fieldName: 'workOrderId', operator: 'eq', fieldValue: workOrderId },
    ])
  ).content;
  const lines = await f.a.ok<PrepLineRow[]>(f.a.get(`${PREP}getMaterialPrepLineList`, { id: prep.id }));
  const sent = await f.a.ok<{ version: number }>(
    f.a.post(`${PREP}send`, { id: prep.id, version: prep.version }),
  );
  await f.a.ok(
    f.a.post(`${PREP}pick`, {
      id: prep.id,
      version: sent.version,
      warehouseId,
      lines: lines
        .filter((l) => only === undefined || l.materialsId === only)
        .map((l) => ({ lineId: l.id, quantity: l.requiredQuantity })),
    }),
  );
  return prep;
}
