import { informationApi } from '@factory/shared/api/information';
import {
  bookAsTypes,
  packageInfoEntity,
  sitWarehouseEntity,
  stockTypeEntity,
  trayEntity,
  warehouseAreaEntity,
  warehouseEntity,
  warehouseLocationEntity,
} from '@factory/shared/entities/warehouse';
import { stockDirection } from '@factory/shared/enums';
import { and, asc, eq, sql } from 'drizzle-orm';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { lookedUp, selectPage } from '../../platform/list.ts';
import type { UsedBy } from '../../platform/references.ts';
import { handle } from '../../platform/route.ts';
import { users } from '../setting/index.ts';
import {
  areas,
  materials,
  packageLevels,
  packages,
  stockTypes,
  suppliers,
  trays,
  warehouseAreas,
  warehouseLocations,
  warehouses,
} from './schema.ts';

const keeper = { keeperName: { id: users.id, name: users.name, code: users.userName } };
const outerWarehouse = qualified(warehouses.id);
const outerArea = qualified(warehouseAreas.id);

/** A warehouse is emptied area by area, an area location by location: nothing disappears by accident. */
const hasAreas: UsedBy = {
  column: warehouseAreas.warehouseId,
  label: '库区',
  names: warehouseAreas.name,
  message: (name, areaNames) => `“${name}”下还有库区${areaNames}，请先删除这些库区`,
};

export const warehouse = crud({
  entity: warehouseEntity,
  table: warehouses,
  scope: { where: eq(warehouses.kind, 0), values: { kind: 0 } },
  refs: keeper,
  columns: {
    areaCount: sql<number>`(select count(*) from warehouse_area a where a.warehouse_id = ${outerWarehouse})::int`,
    locationCount: sql<number>`(select count(*) from warehouse_location l join warehouse_area a on a.id = l.warehouse_area_id where a.warehouse_id = ${outerWarehouse})::int`,
    kind: warehouses.kind,
  },
  selectWhere: eq(warehouses.enabled, true),
  usedBy: [hasAreas],
});

export const warehouseArea = crud({
  entity: warehouseAreaEntity,
  table: warehouseAreas,
  // areas are made in warehouses; line-side stock is kept by the line, not in areas
  refs: {
    warehouseName: {
      id: warehouses.id,
      name: warehouses.name,
      code: warehouses.code,
      where: eq(warehouses.kind, 0),
    },
  },
  columns: {
    locationCount: sql<number>`(select count(*) from warehouse_location l where l.warehouse_area_id = ${outerArea})::int`,
  },
  usedBy: [
    {
      column: warehouseLocations.warehouseAreaId,
      label: '库位',
      names: warehouseLocations.code,
      message: (name, codes) => `“${name}”下还有库位${codes}，请先删除这些库位`,
    },
  ],
});

export const warehouseLocation = crud({
  entity: warehouseLocationEntity,
  table: warehouseLocations,
  refs: {
    warehouseAreaName: { id: warehouseAreas.id, name: warehouseAreas.name, code: warehouseAreas.code },
  },
  columns: {
    warehouseName: sql<string>`(select w.name from warehouse_area a join warehouse w on w.id = a.warehouse_id where a.id = ${qualified(warehouseLocations.warehouseAreaId)})`,
  },
  selectWhere: eq(warehouseLocations.enabled, true),
});

export const sitWarehouse = crud({
  entity: sitWarehouseEntity,
  table: warehouses,
  scope: { where: eq(warehouses.kind, 1), values: { kind: 1 } },
  refs: { areaName: { id: areas.id, name: areas.name, code: areas.code }, ...keeper },
  selectWhere: eq(warehouses.enabled, true),
  usedBy: [hasAreas],
});

/**
 * The supplier's outsourcing warehouse 委外仓 (kind 2): our materials it holds for outsourced
 * work, made on the first send out to it (code WW-<supplier code>, name <supplier>委外仓), so a
 * planner sending work out never stops to model a warehouse. Two first sends at once meet on the
 * one-per-supplier index.
 */
export async function outsourcingWarehouse(tx: Tx, supplierId: number): Promise<number> {
  const find = () =>
    tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.kind, 2), eq(warehouses.supplierId, supplierId)));
  const [found] = await find();
  if (found) return found.id;
  const [supplier] = await tx
    .select({ code: suppliers.code, name: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  await tx
    .insert(warehouses)
    .values({
      code: `WW-${supplier.code}`,
      name: `${supplier.name}委外仓`,
      kind: 2,
      supplierId,
      remark: '发外时自动建立：在该供应商处的委外物料',
    })
    .onConflictDoNothing();
  const [made] = await find();
  return made.id;
}

export const tray = crud({
  entity: trayEntity,
  table: trays,
  selectWhere: eq(trays.enabled, true),
});

/** A stock type books as an inbound type when it moves stock in, an outbound type when out. */
async function checkBookAs(
  tx: Tx,
  values: Record<string, unknown>,
  id: number | null,
  body: Record<string, unknown>,
) {
  if (body.bookAs !== undefined) values.bookAs = body.bookAs;
  let { direction, bookAs } = values;
  if (id !== null && (direction === undefined || bookAs === undefined)) {
    const [stored] = await tx
      .select({ direction: stockTypes.direction, bookAs: stockTypes.bookAs })
      .from(stockTypes)
      .where(eq(stockTypes.id, id));
    if (!stored) return; // the update then answers that it is gone
    direction ??= stored.direction;
    bookAs ??= stored.bookAs;
  }
  const types = bookAsTypes(direction);
  if (!types.has(bookAs))
    throw fieldError(
      'bookAs',
      `${stockDirection.label(direction)}类型的记账类型应为${types.items.map((t) => t.label).join('、')}之一`,
    );
}

export const stockType = crud({
  entity: stockTypeEntity,
  table: stockTypes,
  selectWhere: eq(stockTypes.enabled, true),
  hooks: { validate: checkBookAs },
});

const outerPackage = qualified(packages.id);

/** The levels of a package, innermost first; their names must differ (箱 inside 托, not 箱 inside 箱). */
async function setLevels(tx: Tx, packageId: number, levels: { name: string; quantity: number }[]) {
  const names = levels.map((l) => l.name.trim());
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw fieldError('levels', `包装层级“${twice}”重复`);
  if (names.some((n) => !n)) throw fieldError('levels', '请输入层级名称');
  await tx.delete(packageLevels).where(eq(packageLevels.packageId, packageId));
  await tx
    .insert(packageLevels)
    .values(
      levels.map((l, i) => ({ packageId, level: i + 1, name: names[i], quantity: String(l.quantity) })),
    );
}

export const packageInfo = crud({
  entity: packageInfoEntity,
  table: packages,
  refs: { materialName: { id: materials.id, name: materials.name, code: materials.code } },
  columns: {
    materialCode: lookedUp(packages.materialId, materials.code),
    mainUnitName: sql<
      string | null
    >`(select u.name from material m join unit u on u.id = m.main_unit_id where m.id = ${qualified(packages.materialId)})`,
    // “10台/箱，8箱/托”: each level's quantity of the level below, the first of main units
    levelText: sql<
      string | null
    >`(select string_agg(trim_scale(x.quantity)::text || coalesce(x.below, (select u.name from material m join unit u on u.id = m.main_unit_id where m.id = ${qualified(packages.materialId)}), '') || '/' || x.name, '，' order by x.level)
      from (select l.level, l.name, l.quantity, lag(l.name) over (order by l.level) as below from package_level l where l.package_id = ${outerPackage}) x)`,
    // main units in one outermost package: the product of the levels' quantities
    totalQuantity: sql<
      number | null
    >`(select round(exp(sum(ln(l.quantity))), 6) from package_level l where l.package_id = ${outerPackage})`.mapWith(
      (v) => (v === null ? null : Number(v)),
    ),
    levels: sql`coalesce((select json_agg(json_build_object('level', l.level, 'name', l.name, 'quantity', l.quantity::float8) order by l.level) from package_level l where l.package_id = ${outerPackage}), '[]'::json)`,
  },
  hooks: {
    saved: async (tx, id, body) => {
      const levels = body.levels as { name: string; quantity: number }[] | undefined;
      if (levels) await setLevels(tx, id, levels);
    },
  },
});

export const warehouseRoutes = [
  ...warehouse.routes,
  ...warehouseArea.routes,
  ...warehouseLocation.routes,
  ...sitWarehouse.routes,
  ...tray.routes,
  ...stockType.routes,
  ...packageInfo.routes,
  handle(informationApi.warehouses, {
    handler: ({ tx, query }) =>
      selectPage(
        ({ total }) =>
          tx
            .select({
              id: warehouses.id,
              code: warehouses.code,
              name: warehouses.name,
              kind: warehouses.kind,
              areaId: warehouses.areaId,
              areaName: sql<
                string | null
              >`(select a.name from area a where a.id = ${qualified(warehouses.areaId)})`,
              __total: total,
            })
            .from(warehouses),
        { code: warehouse.listFields.code, name: warehouse.listFields.name },
        query,
        { where: eq(warehouses.enabled, true), order: [asc(warehouses.kind), asc(warehouses.code)] },
      ),
  }),
];
