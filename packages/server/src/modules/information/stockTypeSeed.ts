import { inboundType, outboundType } from '@factory/shared/enums';
import type { Tx } from '../../platform/db.ts';
import { stockTypes } from './schema.ts';

/**
 * Every new tenant starts with the spec's stock-in and stock-out types (spec 001 §9), named as
 * the spec names them; the tenant renames, adds or disables them on the 出入库类型 screen.
 */
export async function seedStockTypes(tx: Tx): Promise<void> {
  const two = (n: number) => String(n + 1).padStart(2, '0');
  await tx.insert(stockTypes).values([
    ...inboundType.items.map((t) => ({
      code: `RK${two(t.value)}`,
      name: t.label,
      direction: 0,
      bookAs: t.value,
    })),
    ...outboundType.items.map((t) => ({
      code: `CK${two(t.value)}`,
      name: t.label,
      direction: 1,
      bookAs: t.value,
    })),
  ]);
}
