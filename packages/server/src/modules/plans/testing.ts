import { type Calls, callsAs } from '../../testing/calls.ts';
import type { Harness, TestTenant } from '../../testing/harness.ts';

const B = 'basicData/';
const M = `${B}materials/private/`;
const P = `${B}production/private/`;
export const PRODUCTION = 'production/kiki/private/';

/** What a production test starts from: a small transformer factory with its one product's flow. */
export interface ProductionFixture {
  /** The tenant's admin. */
  a: Calls;
  memberCode: string;
  tenant: TestTenant;
  ids: {
    unit: number;
    kg: number;
    /** The finished product (S13 transformer) and its BOM's components. */
    product: number;
    core: number;
    copper: number;
    /** A product without a process flow. */
    noFlow: number;
    line: number;
    otherLine: number;
    winding: number;
    assembly: number;
    testing: number;
    windingStation: number;
    windingStation2: number;
    assemblyStation: number;
    testingStation: number;
    otherLineStation: number;
    customer: number;
    flow: number;
    mainVersion: number;
  };
}

/**
 * Builds the factory through the API, as a user would: units, the product and its BOM (1 core,
 * 40 kg copper per transformer), three procedures on one line (绕线 at two stations, 总装, 试验)
 * and the product's flow whose main version runs them in that order on that line; a second line
 * no step allows; a customer.
 */
export async function productionFixture(
  h: Harness,
  memberCode = 'prod',
  users: Parameters<Harness['addTenant']>[1] = [],
): Promise<ProductionFixture> {
  const tenant = await h.addTenant(memberCode, users);
  const a = callsAs(h, await h.login(memberCode, 'admin'));
  const add = async (url: string, body: unknown) => (await a.ok<{ id: number }>(a.post(url, body))).id;
  const unit = await add(`${M}unit/addUnit`, { code: 'TAI', name: '台' });
  const kg = await add(`${M}unit/addUnit`, { code: 'KG', name: 'kg' });
  const material = (code: string, name: string, materialType: number, mainUnitId: number) =>
    add(`${M}materials/addMaterials`, { code, name, materialType, mainUnitId, isVirtualMaterials: false });
  const product = await material('S13-M-400', 'S13-M-400/10 油浸式变压器', 2, unit);
  const core = await material('CORE-400', '铁芯 400kVA', 1, unit);
  const copper = await material('CU-1.8', '漆包铜线 Φ1.8', 0, kg);
  const noFlow = await material('SCB-630', 'SCB13-630/10 干式变压器', 2, unit);
  await a.ok(
    a.put(`${M}materials/updateBomList`, {
      parentId: product,
      items: [
        { childId: core, quantity: 1 },
        { childId: copper, quantity: 40 },
      ],
    }),
  );
  const line = await add(`${B}private/area/addArea`, { name: '油变一线' });
  const otherLine = await add(`${B}private/area/addArea`, { name: '干变一线' });
  const procedure = (name: string, standardMinutes: number) =>
    add(`${P}procedure/addProcedure`, { name, processType: 0, standardMinutes });
  const winding = await procedure('绕线', 90);
  const assembly = await procedure('总装', 120);
  const testing = await procedure('试验', 45);
  const station = (name: string, areaId: number, procedureIds: number[]) =>
    add(`${B}private/station/addStation`, { name, areaId, procedureIds });
  const windingStation = await station('绕线工位1', line, [winding]);
  const windingStation2 = await station('绕线工位2', line, [winding]);
  const assemblyStation = await station('总装工位1', line, [assembly]);
  const testingStation = await station('试验站1', line, [testing]);
  const otherLineStation = await station('干变绕线工位', otherLine, [winding]);
  const customer = await add(`${B}unit/private/customer/addCustomer`, { name: '国网江苏省电力有限公司' });
  const flowRow = await a.ok<{ id: number; mainVersionId: number }>(
    a.post(`${P}processFlow/addProcessFlow`, { name: 'S13 油浸式变压器工艺', materialId: product }),
  );
  const step = (procedureId: number, stationIds: number[]) => ({
    procedureId,
    processType: 0,
    areaIds: [line],
    stationIds,
  });
  await a.ok(
    a.put(`${P}processFlowVersion/updateOne`, {
      id: flowRow.mainVersionId,
      steps: [
        step(winding, [windingStation, windingStation2]),
        step(assembly, [assemblyStation]),
        step(testing, [testingStation]),
      ],
    }),
  );
  return {
    a,
    memberCode,
    tenant,
    ids: {
      unit,
      kg,
      product,
      core,
      copper,
      noFlow,
      line,
      otherLine,
      winding,
      assembly,
      testing,
      windingStation,
      windingStation2,
      assemblyStation,
      testingStation,
      otherLineStation,
      customer,
      flow: flowRow.id,
      mainVersion: flowRow.mainVersionId,
    },
  };
}

/** A production order of the fixture's product, confirmed unless asked not to; answers its row. */
export async function addOrder(
  f: ProductionFixture,
  body: Record<string, unknown> = {},
  { confirm = true } = {},
): Promise<{ id: number; code: string; version: number }> {
  const { a, ids } = f;
  const order = await a.ok<{ id: number; code: string; version: number }>(
    a.post(`${PRODUCTION}produceOrder/addProduceOrder`, {
      materialsId: ids.product,
      quantity: 10,
      deliveryTime: '2026-12-31 17:00:00',
      priority: 0,
      customerId: ids.customer,
      source: 0,
      ...body,
    }),
  );
  if (!confirm) return order;
  const confirmed = await a.ok<{ version: number }>(
    a.post(`${PRODUCTION}produceOrder/confirm`, { id: order.id, version: order.version }),
  );
  return { ...order, version: confirmed.version };
}

/** A plan of an order on the fixture's line (main version); answers its row. */
export async function addPlan(
  f: ProductionFixture,
  orderId: number,
  body: Record<string, unknown> = {},
): Promise<{ id: number; code: string; version: number }> {
  return f.a.ok(
    f.a.post(`${PRODUCTION}producePlan/addProducePlan`, {
      produceOrderId: orderId,
      quantity: 1,
      areaId: f.ids.line,
      ...body,
    }),
  );
}

/** Releases a plan (下达) at the version it has now; answers its new state. */
export async function release(
  f: ProductionFixture,
  planId: number,
): Promise<{ version: number; scheduleStatus: number }> {
  const { version } = await f.a.ok<{ version: number }>(
    f.a.get(`${PRODUCTION}producePlan/getProducePlanDetail`, { id: planId }),
  );
  return f.a.ok(f.a.post(`${PRODUCTION}producePlan/releaseProducePlan`, { id: planId, version }));
}

/** A released work order of `quantity` (order, plan, release) and its tasks in step order. */
export async function openWorkOrder(
  f: ProductionFixture,
  quantity = 10,
  orderBody: Record<string, unknown> = {},
): Promise<{
  id: number;
  code: string;
  version: number;
  planId: number;
  orderId: number;
  taskIds: number[];
}> {
  const order = await addOrder(f, { quantity, ...orderBody });
  const plan = await addPlan(f, order.id, { quantity });
  await release(f, plan.id);
  const page = await f.a.page<{ id: number; code: string; version: number }>(
    `${PRODUCTION}produceWorkOrder/getProduceWorkOrderListPage`,
    [{ fieldName: 'planId', operator: 'eq', fieldValue: plan.id }],
  );
  const wo = page.content[0];
  const tasks = await f.a.ok<{ id: number }[]>(
    f.a.get(`${PRODUCTION}produceTask/getProduceTaskList`, { workOrderId: wo.id }),
  );
  return { ...wo, planId: plan.id, orderId: order.id, taskIds: tasks.map((t) => t.id) };
}

/** A report of work by the fixture's admin (报工); answers the envelope. */
export const reportWork = (f: ProductionFixture, body: Record<string, unknown>) =>
  f.a.post(`${PRODUCTION}reportWork/addReportWork`, body);
