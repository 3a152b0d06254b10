import { inboundType, outboundType } from '@factory/shared/enums';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import { stockTypes } from '../information/index.ts';

/**
 * The stock type a document the system makes books as (a pick as 生产领料, a backflush as 生产投料
 * …): the tenant's first enabled type of that direction (0 in, 1 out) and inbound/outbound type
 * (spec 001 §9). The tenant may rename or disable types; with none left, the keeper is told which.
 */
export async function bookingType(tx: Tx, direction: 0 | 1, bookAs: number): Promise<number> {
  const [type] = await tx
    .select({ id: stockTypes.id })
    .from(stockTypes)
    .where(
      and(eq(stockTypes.direction, direction), eq(stockTypes.bookAs, bookAs), eq(stockTypes.enabled, true)),
    )
    .orderBy(stockTypes.id)
    .limit(1);
  if (!type) {
    const name = (direction === 1 ? outboundType : inboundType).label(bookAs, '');
    throw conflict(`没有启用的“${name}”类型，请先在出入库类型中维护`);
  }
  return type.id;
}
