import type { GanttBlock } from '@factory/shared/api/producePlan';
import { formatFactoryTime } from '@factory/shared/factoryTime';

/** Sizes of the plan Gantt (spec), in CSS pixels. */
export const CELL_WIDTH = 70;
export const CELL_HEIGHT = 46;
/** The time ruler's height. */
export const TITLE_HEIGHT = 40;
/** The fixed column of line names. */
export const TITLE_WIDTH = 250;
export const SCROLLBAR = 17;
/** Minutes one cell stands for, unless the planner zooms. */
export const DEFAULT_SCALE = 60;
/** How often the current-time line moves. */
export const NOW_TICK_MS = 1000;
/** Each overlapping level of a row adds this much height… */
export const LEVEL_HEIGHT = 18;
/** …plus this much spacing once per row. */
export const ROW_SPACING = 14;

/** The named zoom steps: hour, day, week, month (30 days), year (365 days). */
export const SCALES = [60, 1440, 10080, 43200, 525600] as const;
const DAY = 1440;
const MINUTE_MS = 60_000;

/** The scale when allowed: a named step or any whole number of days; anything else is a RangeError. */
export function checkScale(scale: number): number {
  const named = (SCALES as readonly number[]).includes(scale);
  if (named || (Number.isInteger(scale) && scale > 0 && scale % DAY === 0)) return scale;
  throw new RangeError(`刻度 ${scale} 分钟不可用：只能是 ${SCALES.join('、')} 或 1440 的正整数倍`);
}

const TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * A factory time 'YYYY-MM-DD HH:mm:ss' as wall-clock milliseconds: read as if UTC, so one day is
 * always 1440 minutes (no daylight-saving jumps) and the numbers do not depend on the browser's zone.
 */
export function parseTime(text: string | null | undefined): number | null {
  const m = text ? TIME.exec(text) : null;
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Wall-clock milliseconds back to 'YYYY-MM-DD HH:mm:ss'. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Now on the factory's clock (UTC+8, as every time the server sends), on the same wall-clock axis, wherever the browser is. */
export const wallClock = (now: Date): number => parseTime(formatFactoryTime(now)) as number;

/** Pixels from the view's start to `time`: (time − viewStart) / scale × cell width. */
export const timeToX = (time: number, viewStart: number, scale: number) =>
  ((time - viewStart) / MINUTE_MS / scale) * CELL_WIDTH;
export const xToTime = (x: number, viewStart: number, scale: number) =>
  viewStart + (x / CELL_WIDTH) * scale * MINUTE_MS;

/** Completed plans and unscheduled ones are not drawn. */
export const isDrawn = (b: Pick<GanttBlock, 'produceStatus' | 'isPlan'>) =>
  b.produceStatus !== 2 && b.isPlan === 1;

/**
 * Where a block sits in time: its planned start and end, but a plan started later than planned
 * starts at its actual start and keeps its planned duration. Null when it has no times.
 */
export function blockSpan(
  b: Pick<GanttBlock, 'start' | 'end' | 'planStartTime' | 'actualStartTime'>,
): { start: number; end: number } | null {
  const planned = parseTime(b.start ?? b.planStartTime);
  const end = parseTime(b.end);
  if (planned === null || end === null) return null;
  const actual = parseTime(b.actualStartTime);
  const start = actual !== null && actual > planned ? actual : planned;
  return { start, end: start + (end - planned) };
}

/**
 * Greedy interval partitioning: in order of start (then end, then index), each span takes the
 * lowest level whose last span has ended by its start. Touching spans share a level.
 */
export function overlapLevels(spans: readonly { start: number; end: number }[]): number[] {
  const order = spans
    .map((_, i) => i)
    .sort((a, b) => spans[a].start - spans[b].start || spans[a].end - spans[b].end || a - b);
  const levelEnds: number[] = [];
  const levels = new Array<number>(spans.length);
  for (const i of order) {
    let level = levelEnds.findIndex((end) => end <= spans[i].start);
    if (level < 0) level = levelEnds.length;
    levelEnds[level] = spans[i].end;
    levels[i] = level;
  }
  return levels;
}

/**
 * A row of n levels is n × 18 + 14 px high, but never lower than a cell (46 px), so a line's name
 * always fits: an empty row and a one-level row (32) are 46, two levels 50, three 68.
 */
export const rowHeight = (levels: number) => Math.max(CELL_HEIGHT, levels * LEVEL_HEIGHT + ROW_SPACING);

/** Top of a level inside its row: the levels are centred, so a short row keeps its block in the middle. */
export const levelTop = (rowH: number, levels: number, level: number) =>
  (rowH - levels * LEVEL_HEIGHT) / 2 + level * LEVEL_HEIGHT;
/** A block's bar within its level: a 1 px gap above and below. */
export const BAR_INSET = 1;
export const BAR_HEIGHT = LEVEL_HEIGHT - 2 * BAR_INSET;

export interface PlacedBlock {
  block: GanttBlock;
  start: number;
  end: number;
  level: number;
  /** Ends after the order's delivery date. */
  late: boolean;
}

export interface LaidRow {
  id: number;
  name: string;
  top: number;
  height: number;
  levels: number;
  /** By start. */
  blocks: PlacedBlock[];
}

/** Rows stacked from y 0 with their drawn blocks placed in levels. */
export function layoutRows(rows: readonly { id: number; name: string; gtArray: GanttBlock[] }[]): {
  rows: LaidRow[];
  height: number;
} {
  let top = 0;
  const laid = rows.map((r) => {
    const placed: Omit<PlacedBlock, 'level'>[] = [];
    for (const block of r.gtArray) {
      const span = isDrawn(block) ? blockSpan(block) : null;
      if (!span) continue;
      const due = parseTime(block.maxTime);
      placed.push({ block, ...span, late: due !== null && span.end > due });
    }
    const levels = overlapLevels(placed);
    const blocks = placed
      .map((p, i) => ({ ...p, level: levels[i] }))
      .sort((a, b) => a.start - b.start || a.level - b.level);
    const count = levels.length ? Math.max(...levels) + 1 : 0;
    const row = { id: r.id, name: r.name, top, height: rowHeight(count), levels: count, blocks };
    top += row.height;
    return row;
  });
  return { rows: laid, height: top };
}

/** Index of the row at content height y (0 at the first row's top), or −1 outside every row. */
export function rowIndexAt(rows: readonly Pick<LaidRow, 'top' | 'height'>[], y: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = rows[mid];
    if (y < r.top) hi = mid - 1;
    else if (y >= r.top + r.height) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** The rows [first, last] that show between y and y + height (the only ones drawn). */
export function visibleRows(
  rows: readonly Pick<LaidRow, 'top' | 'height'>[],
  y: number,
  height: number,
): [number, number] {
  if (!rows.length) return [0, -1];
  const last = rows.length - 1;
  const first = Math.max(0, rowIndexAt(rows, Math.max(0, y)));
  const end = rowIndexAt(rows, y + height);
  return [first, end < 0 ? last : end];
}

/** The block under a point of the body (x from the view's start, y from the first row's top). */
export function blockAt(
  row: LaidRow | undefined,
  x: number,
  y: number,
  viewStart: number,
  scale: number,
): PlacedBlock | undefined {
  if (!row) return undefined;
  const level = Math.floor((y - row.top - levelTop(row.height, row.levels, 0)) / LEVEL_HEIGHT);
  const time = xToTime(x, viewStart, scale);
  return row.blocks.find((b) => b.level === level && b.start <= time && time < b.end);
}

/** Drops snap to a twelfth of a cell, at least a minute (an hour cell snaps to 5 minutes). */
export const snapMinutes = (scale: number) => Math.max(1, Math.round(scale / 12));

/**
 * Where a block dragged by dx pixels starts: snapped, and never before its earliest allowed start
 * (`minTime`: now, for a plan not started).
 */
export function dropStart(
  b: Pick<PlacedBlock, 'start'> & { block: Pick<GanttBlock, 'minTime'> },
  dx: number,
  scale: number,
): number {
  const step = snapMinutes(scale) * MINUTE_MS;
  const moved = Math.round((b.start + (dx / CELL_WIDTH) * scale * MINUTE_MS) / step) * step;
  const min = parseTime(b.block.minTime);
  return min !== null && moved < min ? Math.ceil(min / step) * step : moved;
}

/** A cell's label on the ruler: the hour for hour cells, else the day its cell starts. */
export function cellLabel(time: number, scale: number): string {
  const t = formatTime(time);
  return scale < DAY ? t.slice(11, 16) : t.slice(5, 10);
}

/** The ruler's upper band: the date above hour cells, the month above day cells, the year above longer ones. */
export function bandLabel(time: number, scale: number): string {
  const t = formatTime(time);
  if (scale < DAY) return t.slice(0, 10);
  return scale < 10080 ? t.slice(0, 7) : t.slice(0, 4);
}
