import type { Tx } from './db.ts';

/**
 * Points where a module standing on another joins that module's write in the same transaction
 * (the warehouse makes a preparation order when a plan is released, backflushes when work is
 * reported), without the lower module knowing it: a listener that throws rolls the whole write
 * back. Unlike domain events (events/bus.ts), which run after the commit, these decide whether it
 * commits. One listener per name, so building several apps in one process registers it once.
 */
export function txHooks<Point extends string, E>(points: readonly Point[]) {
  const listeners = new Map<Point, Map<string, (tx: Tx, e: E) => Promise<void>>>(
    points.map((p) => [p, new Map()]),
  );
  return {
    on(point: Point, name: string, fn: (tx: Tx, e: E) => Promise<void>): void {
      listeners.get(point)?.set(name, fn);
    },
    async tell(tx: Tx, point: Point, e: E): Promise<void> {
      for (const fn of listeners.get(point)?.values() ?? []) await fn(tx, e);
    },
  };
}
