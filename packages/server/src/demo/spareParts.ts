import { and, eq, inArray, sql } from 'drizzle-orm';
import { sparePart } from '../modules/equipment/index.ts';
import {
  equipmentClasses,
  material,
  materials,
  materialsClass,
  unit,
  units,
  warehouse,
  warehouseArea,
  warehouseLocation,
  warehouseLocations,
  warehouses,
} from '../modules/information/index.ts';
import { users } from '../modules/setting/index.ts';
import { bookingType, postNow, stockBalances } from '../modules/warehouse/index.ts';
import { setClock } from '../platform/clock.ts';
import type { Tx } from '../platform/db.ts';

const DAY = 24 * 3_600_000;

/**
 * A spare part of the works: [code, name, specification, unit, equipment class served (none: any),
 * replacement cycle in days, safety stock, upper limit, what the year began with].
 */
type Part = readonly [string, string, string, string, string | null, number | null, number, number, number];

/** The transformer works' spare parts, those its machines' faults use up (see `PARTS_FOR`). */
const PARTS: readonly Part[] = [
  ['BJ-ZL-01', '张力传感器', 'ZL-50N 悬臂式', '个', '绕线机', null, 2, 6, 6],
  ['BJ-ZC-6208', '深沟球轴承', '6208-2RS', '个', '绕线机', 365, 4, 16, 12],
  ['BJ-BMQ-01', '编码器电缆组件', '伺服编码器 3m 屏蔽', '套', null, null, 2, 6, 5],
  ['BJ-ZKY-01', '真空泵油', 'VG68 4L/桶', '升', '真空干燥设备', 90, 16, 80, 60],
  ['BJ-MF-300', 'O形密封圈', '氟橡胶 Φ300×5', '个', null, 180, 6, 30, 24],
  ['BJ-JRG-3K', '加热管', '220V 3kW 不锈钢', '个', '真空干燥设备', null, 4, 12, 10],
  ['BJ-DP-01', '圆盘剪刀片', 'Φ250×Φ120×15 Cr12MoV', '个', '硅钢片剪切线', 120, 4, 16, 12],
  ['BJ-YG-01', '油缸密封组件', 'Φ80 尾座油缸', '套', '绕线机', null, 1, 4, 3],
  ['BJ-ZDP-01', '制动片', 'YWZ-300 制动器', '套', '桥式起重机', 365, 2, 6, 4],
  ['BJ-JCQ-32', '交流接触器', 'CJX2-3210 AC220V', '个', null, null, 4, 12, 10],
  ['BJ-RHZ-01', '锂基润滑脂', '2# 15kg/桶', 'kg', null, 30, 5, 45, 30],
];

/** Fault reason → [part code, how many one repair takes]. */
export const PARTS_FOR: Readonly<Record<string, readonly [string, number]>> = {
  张力控制器失灵: ['BJ-ZL-01', 1],
  主轴轴承磨损: ['BJ-ZC-6208', 2],
  伺服驱动器报警: ['BJ-BMQ-01', 1],
  真空泵油乳化: ['BJ-ZKY-01', 8],
  密封圈老化: ['BJ-MF-300', 2],
  加热管烧断: ['BJ-JRG-3K', 2],
  刀片磨损崩刃: ['BJ-DP-01', 2],
  液压油缸内泄: ['BJ-YG-01', 1],
  制动器间隙过大: ['BJ-ZDP-01', 1],
  接触器触点烧蚀: ['BJ-JCQ-32', 1],
  排线机构卡滞: ['BJ-RHZ-01', 0.5],
  润滑不良: ['BJ-RHZ-01', 1],
};

/** The tenants whose equipment department keeps spare parts. */
export const demoSpareParts: ReadonlySet<string> = new Set(['transformer']);

/** Where the repairs take parts from: the spare warehouse and each part's id by code. */
export interface SpareStore {
  warehouseId: number;
  partIds: ReadonlyMap<string, number>;
}

/**
 * The spare parts the transformer works' machines wear: a class for them, the 备件库 (a spare
 * warehouse the equipment keeper 何军 keeps, one rack), each part registered in the account with
 * the class it serves, its cycle and limits, and stock: what was on the shelves a year ago
 * (期初) and a restock each quarter — all through the services the screens use.
 */
export async function seedSpareParts(tx: Tx, adminId: number, now = Date.now()): Promise<SpareStore> {
  const classId = await materialsClass.create(tx, adminId, { name: '备品备件', parentId: null, sort: 9 });
  const unitIds = new Map(
    (await tx.select({ id: units.id, name: units.name }).from(units)).map((u) => [u.name, u.id]),
  );
  const [keeper] = await tx.select({ id: users.id }).from(users).where(eq(users.userName, 'shebei02'));
  const warehouseId = await warehouse.create(tx, adminId, {
    code: 'CK009',
    name: '备件库',
    keeperId: keeper?.id ?? null,
    address: '设备科东侧备件间',
    isSpare: true,
    remark: '设备维修、保养用备品备件',
  });
  const warehouseAreaId = await warehouseArea.create(tx, adminId, {
    code: 'BJ-A',
    name: '备件货架',
    warehouseId,
  });
  for (let r = 1; r <= 2; r++)
    for (let c = 1; c <= 4; c++)
      await warehouseLocation.create(tx, adminId, {
        code: `J-0${r}-0${c}`,
        name: `备件货架${r}排${c}列`,
        warehouseAreaId,
      });
  const shelves = await tx
    .select({ id: warehouseLocations.id })
    .from(warehouseLocations)
    .where(eq(warehouseLocations.warehouseAreaId, warehouseAreaId))
    .orderBy(warehouseLocations.code);
  const classIds = new Map(
    (
      await tx
        .select({ id: equipmentClasses.id, name: equipmentClasses.name })
        .from(equipmentClasses)
        .where(
          inArray(
            equipmentClasses.name,
            PARTS.flatMap((p) => (p[4] ? [p[4]] : [])),
          ),
        )
    ).map((c) => [c.name, c.id]),
  );
  const partIds = new Map<string, number>();
  for (const [code, name, specifications, unitName, cls, cycle, lower, upper] of PARTS) {
    let mainUnitId = unitIds.get(unitName);
    if (mainUnitId === undefined) {
      mainUnitId = await unit.create(tx, adminId, { code: `U-${code}`, name: unitName });
      unitIds.set(unitName, mainUnitId);
    }
    const materialsId = await material.create(tx, adminId, {
      code,
      name,
      specifications,
      materialType: 3,
      classId,
      mainUnitId,
    });
    await sparePart.create(tx, adminId, {
      materialsId,
      equipmentClassId: cls ? (classIds.get(cls) ?? null) : null,
      replaceCycleDays: cycle,
      lowerLimit: lower,
      upperLimit: upper,
    });
    partIds.set(code, materialsId);
  }
  // the year's opening stock, then a restock each quarter of what a quarter wears
  // booked as 其他入库: the works' purchase stock-ins all come against purchase orders
  const otherIn = await bookingType(tx, 0, 4);
  const stockIn = async (daysAgo: number, stockTypeId: number, share: number, remark: string) => {
    setClock(tx, new Date(now - daysAgo * DAY));
    await postNow(tx, keeper?.id ?? adminId, {
      kind: 0,
      stockTypeId,
      warehouseId,
      remark,
      lines: PARTS.map((p, i) => ({
        materialsId: partIds.get(p[0]) as number,
        locationId: shelves[i % shelves.length]?.id ?? null,
        // batch numbers are a material's own: the part's code and the month it came
        batchCode: `${p[0]}-${new Date(now - daysAgo * DAY).toISOString().slice(0, 7).replace('-', '')}`,
        quantity: Math.max(1, Math.round(p[8] * share)),
      })),
    });
  };
  await stockIn(365, otherIn, 1, '备件期初库存');
  for (const daysAgo of [270, 180, 90]) await stockIn(daysAgo, otherIn, 0.5, '备件季度补货');
  setClock(tx, undefined);
  return { warehouseId, partIds };
}

/** The parts registered by `seedSpareParts`, found again (the repairs phase runs after it). */
export async function spareStore(tx: Tx): Promise<SpareStore | undefined> {
  const rows = await tx
    .select({ id: materials.id, code: materials.code })
    .from(materials)
    .where(
      inArray(
        materials.code,
        PARTS.map((p) => p[0]),
      ),
    );
  const [w] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.code, 'CK009'), eq(warehouses.isSpare, true)));
  if (!w || !rows.length) return undefined;
  return { warehouseId: w.id, partIds: new Map(rows.map((r) => [r.code, r.id])) };
}

/**
 * Tops the spare warehouse up (其他入库, an urgent restock) when it holds less of a part than a repair
 * is about to take, as a keeper short of a part would buy it in that day.
 */
export async function restockFor(
  tx: Tx,
  actorId: number,
  store: SpareStore,
  materialsId: number,
  quantity: number,
): Promise<void> {
  const [row] = await tx
    .select({ q: sql<string>`coalesce(sum(${stockBalances.onHand} - ${stockBalances.allocated}), 0)` })
    .from(stockBalances)
    .where(and(eq(stockBalances.materialsId, materialsId), eq(stockBalances.warehouseId, store.warehouseId)));
  if (Number(row?.q ?? 0) >= quantity) return;
  const part = PARTS.find((p) => store.partIds.get(p[0]) === materialsId);
  await postNow(tx, actorId, {
    kind: 0,
    stockTypeId: await bookingType(tx, 0, 4),
    warehouseId: store.warehouseId,
    remark: '备件紧急补货',
    lines: [{ materialsId, quantity: Math.max(quantity, part?.[7] ?? quantity) }],
  });
}
