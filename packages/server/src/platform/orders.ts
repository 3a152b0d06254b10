import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './db.ts';
import { conflict } from './errors.ts';

/**
 * The columns of an order: a head confirmed before anything happens against it, with priced,
 * dated lines whose quantities something fulfils (shipped for a sales order, received for a
 * purchase order). Sales and purchase declare theirs; the rules below are written once.
 */
export interface OrderColumns {
  /** The order's name in messages: 销售订单, 采购订单. */
  label: string;
  head: PgTable;
  id: PgColumn;
  code: PgColumn;
  /** 0 unconfirmed, 1 confirmed. */
  confirmStatus: PgColumn;
  /** 0 open, 1 partly, 2 done, 3 closed, 9 cancelled. */
  status: PgColumn;
  lineCount: PgColumn;
  totalQuantity: PgColumn;
  totalAmount: PgColumn;
  earliestDelivery: PgColumn;
  lines: PgTable;
  orderId: PgColumn;
  quantity: PgColumn;
  unitPrice: PgColumn;
  amount: PgColumn;
  deliveryTime: PgColumn;
  /** What the lines have fulfilled of their quantity. */
  fulfilled: PgColumn;
  /** The head's total of it. */
  totalFulfilled: PgColumn;
}

const col = (c: PgColumn) => sql.identifier(c.name);

/** The rules every order keeps, over its declared columns. */
export function orderRules(c: OrderColumns) {
  const lineSum = (of: SQL) =>
    sql`(select ${of} from ${c.lines} l where l.${col(c.orderId)} = ${c.head}.${col(c.id)})`;
  return {
    /**
     * After a save: each line's amount (quantity × unit price, 2 decimals half-up: numeric round
     * takes halves away from zero) and the head's line count, quantity, amount and earliest delivery.
     */
    async total(tx: Tx, id: number): Promise<void> {
      await tx.execute(
        sql`update ${c.lines} set ${col(c.amount)} = round(${col(c.quantity)} * ${col(c.unitPrice)}, 2)
          where ${col(c.orderId)} = ${id}`,
      );
      await tx.execute(sql`update ${c.head} set
        ${col(c.lineCount)} = ${lineSum(sql`count(*)`)},
        ${col(c.totalQuantity)} = ${lineSum(sql`coalesce(sum(l.${col(c.quantity)}), 0)`)},
        ${col(c.totalAmount)} = ${lineSum(sql`coalesce(sum(l.${col(c.amount)}), 0)`)},
        ${col(c.earliestDelivery)} = ${lineSum(sql`min(l.${col(c.deliveryTime)})`)}
        where ${col(c.id)} = ${id}`);
    },
    /** An order is changed or deleted only before it is confirmed (and while open). */
    async refuseUnlessDraft(tx: Tx, id: number, what: string): Promise<void> {
      const rows = (await tx.execute(
        sql`select ${col(c.code)} as code, ${col(c.confirmStatus)} as "confirmStatus", ${col(c.status)} as status
          from ${c.head} where ${col(c.id)} = ${id}`,
      )) as unknown as { rows: { code: string; confirmStatus: number; status: number }[] };
      const row = rows.rows[0];
      if (!row) return;
      if (row.status === 9) throw conflict(`${c.label}“${row.code}”已取消，不能${what}`);
      if (row.status === 3) throw conflict(`${c.label}“${row.code}”已关闭，不能${what}`);
      if (row.confirmStatus === 1) throw conflict(`${c.label}“${row.code}”已确认，不能${what}，请先取消确认`);
    },
    /**
     * The lines' fulfilled quantities into the head's total, and the status they give: nothing
     * 0, some 1, every line 2.
     */
    async progress(tx: Tx, id: number): Promise<number> {
      await tx.execute(
        sql`update ${c.head} set ${col(c.totalFulfilled)} = ${lineSum(sql`coalesce(sum(l.${col(c.fulfilled)}), 0)`)}
          where ${col(c.id)} = ${id}`,
      );
      const rows = (await tx.execute(
        sql`select coalesce(bool_and(${col(c.fulfilled)} = 0), true) as none,
          coalesce(bool_and(${col(c.fulfilled)} >= ${col(c.quantity)}), false) as every
          from ${c.lines} where ${col(c.orderId)} = ${id}`,
      )) as unknown as { rows: { none: boolean; every: boolean }[] };
      const { none, every } = rows.rows[0];
      return none ? 0 : every ? 2 : 1;
    },
  };
}
