import type { BodyOf } from '@factory/shared/api/contract';
import { type CountLineRow, warehouseApi } from '@factory/shared/api/warehouse';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import type { RowOf } from '@factory/shared/entities/schema';
import { stockCountEntity } from '@factory/shared/entities/stockCount';

export type StockCount = RowOf<typeof stockCountEntity>;
export const COUNTS = entityEndpoints(stockCountEntity);
export type CountEntry = BodyOf<typeof warehouseApi.saveCounts>;
export type CountEntryLine = CountEntry['lines'][number];

/** The query key of a sheet's lines, so an action's reload can refresh them too. */
export const countLinesKey = (id: number) => [warehouseApi.countLines.path, id];

/** What the keeper typed on a line and has not saved yet. */
export interface LineEdit {
  counted: number | null;
  remark: string | null;
}
export type LineEdits = Readonly<Record<number, LineEdit>>;

/** Counting goes on: counted quantities are entered and saved. */
export const isCounting = (c: Pick<StockCount, 'status'>) => c.status === 1;

/** A blind count shows nobody the book (nor what differs) until it is submitted. */
export const hidesBook = (c: Pick<StockCount, 'isBlind' | 'status'>) => !!c.isBlind && (c.status ?? 0) < 2;

/** A line as it stands with the keeper's unsaved entry laid over it. */
export function current(line: CountLineRow, edits: LineEdits): LineEdit {
  return edits[line.id] ?? { counted: line.countedQuantity, remark: line.remark };
}

/** counted − book at the ledger's 6 decimals; null until counted, or while the book is hidden. */
export function differenceOf(book: number | null, counted: number | null): number | null {
  if (book === null || counted === null) return null;
  return Math.round((counted - book) * 1e6) / 1e6;
}

const sameText = (a: string | null, b: string | null) => (a ?? '').trim() === (b ?? '').trim();

/** The lines whose entry differs from what was saved: what 保存盘点结果 sends. */
export function changedLines(lines: readonly CountLineRow[], edits: LineEdits): CountEntryLine[] {
  const out: CountEntryLine[] = [];
  for (const l of lines) {
    const e = edits[l.id];
    if (!e || (e.counted === l.countedQuantity && sameText(e.remark, l.remark))) continue;
    out.push({ id: l.id, countedQuantity: e.counted, remark: e.remark?.trim() || null });
  }
  return out;
}

/** Every line not counted yet takes its book quantity (a count that is not blind). */
export function fillFromBook(lines: readonly CountLineRow[], edits: LineEdits): Record<number, LineEdit> {
  const next: Record<number, LineEdit> = { ...edits };
  for (const l of lines) {
    const e = current(l, edits);
    if (e.counted === null && l.bookQuantity !== null) next[l.id] = { ...e, counted: l.bookQuantity };
  }
  return next;
}

export type LineView = 'all' | 'open' | 'differences';

/** The lines a view and a search show: all, those not counted yet, or those that differ. */
export function visibleLines(
  lines: readonly CountLineRow[],
  edits: LineEdits,
  view: LineView,
  search = '',
): CountLineRow[] {
  const text = search.trim().toLowerCase();
  return lines.filter((l) => {
    const { counted } = current(l, edits);
    if (view === 'open' && counted !== null) return false;
    if (view === 'differences') {
      const d = differenceOf(l.bookQuantity, counted);
      if (d === null || d === 0) return false;
    }
    if (!text) return true;
    return [l.materialsCode, l.materialsName, l.materialsSpecifications, l.locationName, l.batchCode].some(
      (v) => v?.toLowerCase().includes(text),
    );
  });
}

/** How far counting has come: lines counted, and those differing from the book (when shown). */
export function progressOf(lines: readonly CountLineRow[], edits: LineEdits) {
  let counted = 0;
  let differences = 0;
  for (const l of lines) {
    const e = current(l, edits);
    if (e.counted !== null) counted += 1;
    const d = differenceOf(l.bookQuantity, e.counted);
    if (d !== null && d !== 0) differences += 1;
  }
  return { total: lines.length, counted, differences };
}
