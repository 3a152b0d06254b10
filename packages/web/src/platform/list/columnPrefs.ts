/** One column of a page's saved preference (spec 000 §3: key, checked, index, width). */
export interface ColumnPref {
  key: string;
  checked: boolean;
  index: number;
  width?: number;
}

/** What the page declares about a column: its key, whether it shows by default, its width. */
export interface ColumnBase {
  key: string;
  visible: boolean;
  width?: number;
}

/** A column as shown: in display order. */
export interface ColumnState {
  key: string;
  checked: boolean;
  width?: number;
}

export const MIN_WIDTH = 20;
export const MAX_WIDTH = 2000;

const validWidth = (w: unknown): number | undefined =>
  typeof w === 'number' && Number.isInteger(w) && w >= MIN_WIDTH && w <= MAX_WIDTH ? w : undefined;

/** The session user's `fields` JSON → preferences by page key; anything malformed is ignored. */
export function parseFields(text: string | null | undefined): Record<string, ColumnPref[]> {
  let value: unknown;
  try {
    value = JSON.parse(text || '{}');
  } catch {
    return {};
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, ColumnPref[]> = {};
  for (const [page, list] of Object.entries(value)) {
    if (!Array.isArray(list)) continue;
    out[page] = list.flatMap((c) =>
      c && typeof c.key === 'string' && typeof c.checked === 'boolean' && Number.isInteger(c.index)
        ? [{ key: c.key, checked: c.checked, index: c.index, width: validWidth(c.width) }]
        : [],
    );
  }
  return out;
}

export const defaultColumns = (bases: readonly ColumnBase[]): ColumnState[] =>
  bases.map((b) => ({ key: b.key, checked: b.visible, width: b.width }));

/**
 * Saved preferences over the declared columns: saved order, visibility and width for columns that
 * still exist; columns the user has never seen appear where the declaration puts them (after their
 * declared predecessor), with their default visibility; saved keys no longer declared are dropped.
 */
export function mergeColumns(
  saved: readonly ColumnPref[] | undefined,
  bases: readonly ColumnBase[],
): ColumnState[] {
  if (!saved?.length) return defaultColumns(bases);
  const byKey = new Map(bases.map((b) => [b.key, b]));
  const seen = new Set<string>();
  const out: ColumnState[] = [];
  for (const p of [...saved].sort((a, b) => a.index - b.index)) {
    const base = byKey.get(p.key);
    if (!base || seen.has(p.key)) continue;
    seen.add(p.key);
    out.push({ key: p.key, checked: p.checked, width: validWidth(p.width) ?? base.width });
  }
  bases.forEach((b, i) => {
    if (seen.has(b.key)) return;
    let at = 0;
    for (let j = i - 1; j >= 0; j--) {
      const pos = out.findIndex((c) => c.key === bases[j].key);
      if (pos >= 0) {
        at = pos + 1;
        break;
      }
    }
    out.splice(at, 0, { key: b.key, checked: b.visible, width: b.width });
    seen.add(b.key);
  });
  return out;
}

/**
 * Columns as saved: index is the display position; a width only where the user set one that
 * differs from the page's, so a later change of the page's default still reaches them.
 */
export function toPrefs(columns: readonly ColumnState[], bases: readonly ColumnBase[] = []): ColumnPref[] {
  const declared = new Map(bases.map((b) => [b.key, b.width]));
  return columns.map((c, index) => {
    const width = validWidth(c.width);
    return {
      key: c.key,
      checked: c.checked,
      index,
      ...(width !== undefined && width !== declared.get(c.key) ? { width } : {}),
    };
  });
}

/**
 * The user's `fields` JSON with one page's preferences replaced. Other pages are kept, normalised
 * the same way, so one malformed old entry cannot make the server refuse the whole save.
 */
export const withPagePrefs = (
  text: string | null | undefined,
  pageKey: string,
  prefs: ColumnPref[],
): string => JSON.stringify({ ...parseFields(text), [pageKey]: prefs });
