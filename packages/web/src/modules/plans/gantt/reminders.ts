import type { GanttBlock } from '@factory/shared/api/producePlan';
import { blockSpan, isDrawn } from './geometry.ts';

/** A locked plan stays where it is: not dragged, not pushed, kept by 排产. */
export const isLocked = (b: Pick<GanttBlock, 'isLocked'>) => b.isLocked === 1;

/** Drawn blocks with warnings get a mark; the late rule (red border) is separate. */
export const hasWarnings = (b: Pick<GanttBlock, 'warnings'>) => (b.warnings?.length ?? 0) > 0;

/** The product of a block: its name without the plan number in front ('PL… 电机定子' → '电机定子'). */
export const productOf = (b: Pick<GanttBlock, 'name' | 'code'>) =>
  b.name.startsWith(`${b.code} `) ? b.name.slice(b.code.length + 1) : b.name;

export interface Reminder {
  block: GanttBlock;
  lineId: number;
  lineName: string;
  /** Where the block is drawn from (wall-clock ms, geometry's parseTime). */
  start: number;
}

/**
 * 排程提醒: every drawn block with warnings, by the start it is drawn at, then plan number and id
 * (the same blocks always list in the same order).
 */
export function scheduleReminders(
  rows: readonly { id: number; name: string; gtArray: readonly GanttBlock[] }[],
): Reminder[] {
  const out: Reminder[] = [];
  for (const r of rows) {
    for (const block of r.gtArray) {
      if (!isDrawn(block) || !hasWarnings(block)) continue;
      const span = blockSpan(block);
      if (span) out.push({ block, lineId: r.id, lineName: r.name, start: span.start });
    }
  }
  return out.sort(
    (a, b) => a.start - b.start || a.block.code.localeCompare(b.block.code) || a.block.id - b.block.id,
  );
}

/** A block of the rows by id (the drawer follows the chart's latest read of it). */
export function findBlock(
  rows: readonly { gtArray: readonly GanttBlock[] }[],
  id: number | undefined,
): GanttBlock | undefined {
  if (id === undefined) return undefined;
  for (const r of rows) {
    const b = r.gtArray.find((x) => x.id === id);
    if (b) return b;
  }
  return undefined;
}

/** The newer of two reads of a plan (by version; the first on a tie). */
export function newest(a: GanttBlock | undefined, b: GanttBlock | undefined): GanttBlock | undefined {
  if (!a || !b) return a ?? b;
  return b.version > a.version ? b : a;
}

/**
 * What a press on a block becomes once the pointer has gone past the click wobble (`far`): a drag
 * of an unstarted plan by a planner who may move; the locked hint for a locked one; else still a
 * click (a started plan, or no key to move: the release opens the drawer).
 */
export function dragStart(
  b: Pick<GanttBlock, 'produceStatus' | 'isLocked'>,
  far: boolean,
  canMove: boolean,
): 'click' | 'locked' | 'drag' {
  // the server refuses moving a started plan
  if (!far || !canMove || b.produceStatus !== 0) return 'click';
  return isLocked(b) ? 'locked' : 'drag';
}

/** The hint shown when a locked block is dragged. */
export const LOCKED_DRAG = '已锁定的计划不能拖动，请先解锁';
