import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import type { DocRow } from '../../platform/machine.ts';
import { producePlans, reportWorks } from '../plans/index.ts';
import { materialPreps } from './schema.ts';

/**
 * A document production made (a report's backflush or its return, a preparation order's pick, a
 * plan's stock-in) is undone through what made it, never by 冲销 on its own: the report's, the
 * order's and the plan's counters would no longer match the stock. Documents a keeper made of
 * the same types (an explicit 生产投料, say) are reversed as any other.
 */
export async function refuseMadeByProduction(tx: Tx, doc: DocRow): Promise<void> {
  const source = doc.sourceNumber as string | null;
  if (!source) return;
  const kind = doc.kind as number;
  const bookAs = doc.bookAs as number | null;
  if ((kind === 1 && bookAs === 3) || (kind === 0 && bookAs === 5)) {
    const [report] = await tx
      .select({ id: reportWorks.id })
      .from(reportWorks)
      .where(eq(reportWorks.code, source));
    if (report) throw conflict(`单据“${doc.code}”由报工记录“${source}”自动生成，不能冲销；请撤销该报工记录`);
  }
  if (kind !== 0 && bookAs === 0) {
    const [prep] = await tx
      .select({ id: materialPreps.id })
      .from(materialPreps)
      .where(eq(materialPreps.code, source));
    if (prep)
      throw conflict(`单据“${doc.code}”是备料单“${source}”的领料，不能冲销；多领的物料请调拨退回仓库`);
  }
  if (kind === 0 && bookAs === 1) {
    const [plan] = await tx
      .select({ id: producePlans.id })
      .from(producePlans)
      .where(eq(producePlans.code, source.split('等')[0]));
    if (plan) throw conflict(`单据“${doc.code}”是生产计划的完工入库，不能冲销`);
  }
}
