import type { Tx } from './db.ts';

const clocks = new WeakMap<object, Date>();

/**
 * When a transaction's changes happen: now, unless the transaction was given a moment of its own
 * (`setClock`) — the demo writes a year of history through the same services, each document at
 * the day it would have happened. Services stamp times and take dated numbers with this instead
 * of the database's now().
 */
export const nowOf = (tx: Tx): Date => clocks.get(tx) ?? new Date();

/** The same moment as SQL (for expressions such as coalesce(started_at, …)). */
export const nowSql = (tx: Tx) => nowOf(tx).toISOString();

/** Sets (or with undefined, clears) the moment a transaction's changes happen at. */
export function setClock(tx: Tx, at: Date | undefined): void {
  if (at) clocks.set(tx, at);
  else clocks.delete(tx);
}
