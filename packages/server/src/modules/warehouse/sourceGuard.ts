import { refusal } from '@factory/shared/machines/define';
import { stockDocMachine } from '@factory/shared/machines/warehouse';
import { eq, sql } from 'drizzle-orm';
import { qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import type { DocRow } from '../../platform/machine.ts';
import { producePlans, reportWorks } from '../plans/index.ts';
import { materialPreps, stockDocs } from './schema.ts';

const kind = qualified(stockDocs.kind);
const bookAs = qualified(stockDocs.bookAs);
const source = qualified(stockDocs.sourceNumber);

/**
 * What production made a stock document for (`stockDocSources`: 1 a report's 生产投料, 2 a
 * withdrawn report's 报工撤回入库, 3 a preparation order's 生产领料, 4 a plan's 生产入库), as a
 * column of its rows: a document the system posted (`postNow`: no user approved it) whose type
 * and source number are production's. A keeper's document of the same type is none of them,
 * whatever source number it names, and is reversed as any other. The modules above the warehouse
 * (sales shipments 5, purchase receipts 6, sales returns 7) say it as they post (`madeFor`): the
 * warehouse cannot read their tables.
 */
export const sourceKind = sql<
  number | null
>`coalesce(${qualified(stockDocs.madeFor)}, case when ${qualified(stockDocs.postedBy)} is null
  and ${qualified(stockDocs.postedAt)} is not null then case
    when ${kind} = 1 and ${bookAs} = 3 and exists (
      select 1 from ${reportWorks} r where r.code = ${source} and r.reversal_of is null) then 1
    when ${kind} = 0 and ${bookAs} = 5 and exists (
      select 1 from ${reportWorks} r where r.code = ${source} and r.reversal_of is not null) then 2
    when ${kind} <> 0 and ${bookAs} = 0 and exists (
      select 1 from ${materialPreps} p where p.code = ${source}) then 3
    when ${kind} = 0 and ${bookAs} = 1 and exists (
      select 1 from ${producePlans} p where p.code = split_part(${source}, '等', 1)) then 4
  end end)`;

/**
 * A document production made is undone through what made it, never by 冲销 on its own: the
 * report's, the order's and the plan's counters would no longer match the stock. The machine's
 * declared `unless` says so for the row with its source kind, as the web read it.
 */
export async function refuseMadeByProduction(tx: Tx, doc: DocRow): Promise<void> {
  const [row] = await tx.select({ sourceKind }).from(stockDocs).where(eq(stockDocs.id, doc.id));
  const why = refusal(stockDocMachine, 'reverse', { ...doc, sourceKind: row?.sourceKind ?? null });
  if (why) throw conflict(why);
}
