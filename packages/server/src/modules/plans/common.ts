import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { qualified } from '../../platform/crud.ts';
import { lookedUp } from '../../platform/list.ts';
import { materials, units } from '../information/index.ts';

/**
 * The product columns every production document shows (code, specification, unit), read from
 * its material by one correlated look-up each, as the list contract's sorts need; filters on the
 * code and the specification look the materials up once (`lookupValue`).
 */
export function productColumns(materialsId: PgColumn): Record<string, SQL> {
  return {
    materialsCode: lookedUp(materialsId, materials.code),
    materialsSpecifications: lookedUp(materialsId, materials.specifications),
    unitName: sql<
      string | null
    >`(select u.name from ${materials} m join ${units} u on u.id = m.main_unit_id where m.id = ${qualified(materialsId)})`,
  };
}

/** A numeric column as a JavaScript number (quantities are numeric(18, 6): exact to 6 decimals). */
export const asNumber = (column: PgColumn | SQL) =>
  sql<number>`${column}`.mapWith((v) => (v === null ? 0 : Number(v)));
