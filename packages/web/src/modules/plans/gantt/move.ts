import { ApiError } from '../../../platform/request.ts';
import { formatTime } from './geometry.ts';

/** The server's refusal of a line the plan's process does not run on. */
export const LINE_REFUSED = '该工艺没有此产线';

/** A block moved in time, to another line, or both (times as 'YYYY-MM-DD HH:mm:ss'). */
export interface Move {
  id: number;
  code: string;
  fromAreaId: number;
  toAreaId: number;
  fromStart: string;
  toStart: string;
}

/** The move a drop makes, or null when the block lands where it was. */
export function moveOf(
  block: { id: number; code: string; areaId: number; start: number },
  toAreaId: number,
  toStart: number,
): Move | null {
  if (toAreaId === block.areaId && toStart === block.start) return null;
  return {
    id: block.id,
    code: block.code,
    fromAreaId: block.areaId,
    toAreaId,
    fromStart: formatTime(block.start),
    toStart: formatTime(toStart),
  };
}

/** The move that takes a move back: undo calls the same endpoints with the previous line and start. */
export const inverse = (m: Move): Move => ({
  ...m,
  fromAreaId: m.toAreaId,
  toAreaId: m.fromAreaId,
  fromStart: m.toStart,
  toStart: m.fromStart,
});

/** The two calls a move makes: the plan's updateOne with its line, and updatePlanOrderByTime. */
export interface MoveCalls {
  line(body: {
    id: number;
    areaId: number;
    version: number;
  }): Promise<{ version?: number | null; planStartTime?: string | null }>;
  time(body: {
    id: number;
    planStartTime: string;
    version: number;
  }): Promise<{ id: number; version: number }[]>;
}

export interface MoveOutcome {
  /** What was saved (a line change may be saved while the time is refused); null: nothing. */
  applied: Move | null;
  /** The plan's version after it, for the next call. */
  version: number;
  /** Why it was refused, as the server said it ('该工艺没有此产线'). */
  refusal?: string;
  /** True when the request client has not shown the refusal, so the page must. */
  unshown?: boolean;
}

/**
 * Saves a move: the line first (the server refuses a line the process does not run on, and then
 * nothing is saved), then the start on that line, which also moves the line's later plans. The
 * server places a plan moved to another line again on that line's stations, from where it stood
 * (the first free time there): the block still goes where it was dropped (or, for an undo, back
 * where it was), so the start is saved whenever it differs from the one the line move gave.
 */
export async function applyMove(m: Move, version: number, calls: MoveCalls): Promise<MoveOutcome> {
  let v = version;
  let lineSaved = false;
  let at = m.fromStart;
  try {
    if (m.toAreaId !== m.fromAreaId) {
      const saved = await calls.line({ id: m.id, areaId: m.toAreaId, version: v });
      // a document's update adds one to its version
      v = saved.version ?? v + 1;
      at = saved.planStartTime ?? at;
      lineSaved = true;
    }
    if (m.toStart !== at) {
      const changed = await calls.time({ id: m.id, planStartTime: m.toStart, version: v });
      v = changed.find((b) => b.id === m.id)?.version ?? v;
    }
    return { applied: m, version: v };
  } catch (err) {
    return {
      applied: lineSaved ? { ...m, toStart: at } : null,
      version: v,
      refusal: err instanceof Error ? err.message : String(err),
      unshown: !(err instanceof ApiError) || err.silent,
    };
  }
}

/** Moves of the page's session: undo takes the last done back, redo does the last undone again. */
export interface History {
  done: Move[];
  undone: Move[];
}
export const EMPTY_HISTORY: History = { done: [], undone: [] };
/** A new move clears what could be redone. */
export const recordMove = (h: History, m: Move): History => ({ done: [...h.done, m], undone: [] });
export const recordUndo = (h: History): History => ({
  done: h.done.slice(0, -1),
  undone: [...h.undone, ...h.done.slice(-1)],
});
export const recordRedo = (h: History): History => ({
  done: [...h.done, ...h.undone.slice(-1)],
  undone: h.undone.slice(0, -1),
});
