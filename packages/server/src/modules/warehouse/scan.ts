import { ErrorCode } from '@factory/shared/api/errors';
import { type ScanCodeResult, warehouseApi } from '@factory/shared/api/warehouse';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import {
  batchNumbers,
  materials,
  packageCodes,
  packageLevels,
  packages,
  units,
} from '../information/index.ts';
import { stockBalances } from './schema.ts';

type Row = Record<string, unknown>;
const rowsOf = (res: unknown) => (res as { rows: Row[] }).rows;

/** The material columns both look-ups answer, of the material `m` with its main unit `u`. */
const MATERIAL = sql`m.id as materials_id, m.code as materials_code, m.name as materials_name,
  m.specifications as materials_specifications, u.name as unit_name`;

const answer = (kind: ScanCodeResult['kind'], r: Row): ScanCodeResult => ({
  kind,
  code: String(r.code),
  materialsId: Number(r.materials_id),
  materialsCode: String(r.materials_code),
  materialsName: String(r.materials_name),
  materialsSpecifications: (r.materials_specifications as string | null) ?? null,
  unitName: (r.unit_name as string | null) ?? null,
  batchCode: (r.batch_code as string | null) ?? null,
  quantity: r.quantity === null || r.quantity === undefined ? null : Number(r.quantity),
});

/**
 * A package code: its package's material and batch, and the main units in it — the product of
 * the quantities of levels 1 up to the code's level, multiplied as exact decimals. A specification
 * that lacks one of those levels (a code added by hand) answers no quantity: the keeper types it.
 */
async function packageOf(tx: Tx, code: string): Promise<ScanCodeResult | undefined> {
  const res = await tx.execute(sql`
    with recursive pc as (
      select c.code, c.package_id, c.level, c.batch_number_id from ${packageCodes} c where c.code = ${code}
    ), chain(level, total) as (
      select l.level, l.quantity::numeric from ${packageLevels} l join pc on l.package_id = pc.package_id
      where l.level = 1
      union all
      select l.level, chain.total * l.quantity from chain join pc on chain.level < pc.level
      join ${packageLevels} l on l.package_id = pc.package_id and l.level = chain.level + 1
    )
    select pc.code, ${MATERIAL}, bn.code as batch_code,
      (select round(chain.total, 6)::text from chain where chain.level = pc.level) as quantity
    from pc
    join ${packages} p on p.id = pc.package_id
    join ${materials} m on m.id = p.material_id
    left join ${units} u on u.id = m.main_unit_id
    left join ${batchNumbers} bn on bn.id = pc.batch_number_id`);
  const [row] = rowsOf(res);
  return row && answer('package', row);
}

/**
 * A batch number: its material and code; with a warehouse (a stock-out or transfer), what is
 * available of it there over all locations as the suggested quantity, otherwise none.
 */
async function batchOf(tx: Tx, code: string, warehouseId?: number): Promise<ScanCodeResult | undefined> {
  const available =
    warehouseId === undefined
      ? sql`null`
      : sql`(select coalesce(sum(b.on_hand - b.allocated), 0)::text from ${stockBalances} b
          where b.batch_id = bn.id and b.materials_id = bn.material_id and b.warehouse_id = ${warehouseId})`;
  const res = await tx.execute(sql`
    select bn.code, ${MATERIAL}, bn.code as batch_code, ${available} as quantity
    from ${batchNumbers} bn
    join ${materials} m on m.id = bn.material_id
    left join ${units} u on u.id = m.main_unit_id
    where bn.code = ${code}`);
  const [row] = rowsOf(res);
  return row && answer('batch', row);
}

/** 扫码录入: a package code first (it says how much), else a batch number; codes match exactly. */
export async function scanCode(tx: Tx, q: { code: string; warehouseId?: number }): Promise<ScanCodeResult> {
  const code = q.code.trim();
  if (!code) throw fieldError('code', '请扫描或输入条码');
  const found = (await packageOf(tx, code)) ?? (await batchOf(tx, code, q.warehouseId));
  if (!found) throw new AppError(ErrorCode.notFound, `没有编码为“${code}”的包装码或批次号`);
  return found;
}

export const scanRoutes: RouteDef[] = [
  handle(warehouseApi.scanCode, { handler: ({ tx, query }) => scanCode(tx, query) }),
];
