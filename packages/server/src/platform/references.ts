import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from './db.ts';
import { referenced } from './errors.ts';

/** Rows that point at a record: its delete is refused while one exists. */
export interface UsedBy {
  /** The pointing column: an id, or a list of ids. */
  column: PgColumn;
  /** What uses it, in the refusal: “{name}”已被{label}使用，不能删除. */
  label: string;
  /**
   * The whole refusal instead (the spec's own words, e.g. PROCEDURE_IN_USE_MESSAGE), or made from
   * the row's name and the quoted names of the first rows using it (“铜材区、硅钢区等”, see `names`).
   */
  message?: string | ((name: string, named: string) => string);
  /** The using rows' name column: the refusal then names the first few, so the user knows what to remove first. */
  names?: PgColumn;
}

/**
 * A pointer from one entity's rows to another's, declared by the module that holds it (equipment →
 * equipment class, warehouse keeper → user), so the referenced module never needs to know who uses it.
 */
export interface Reference extends UsedBy {
  /** The referenced entity, by its declaration's name (an `EntityDecl` fits). */
  target: { name: string };
}

/** How many using rows a refusal names. */
const NAMED_USERS = 3;

const byTarget = new Map<string, Map<string, readonly Reference[]>>();

/**
 * Records a module's references (idempotent per owner: every app built in one process installs the
 * same faces). Declarations are static, so one registry serves every app.
 */
export function registerReferences(owner: string, refs: readonly Reference[]): void {
  const grouped = new Map<string, Reference[]>();
  for (const r of refs) grouped.set(r.target.name, [...(grouped.get(r.target.name) ?? []), r]);
  for (const [target, list] of grouped) {
    const owners = byTarget.get(target) ?? new Map<string, readonly Reference[]>();
    owners.set(owner, list);
    byTarget.set(target, owners);
  }
}

/** Every registered reference to an entity, in registration order. */
export function referencesTo(target: string): Reference[] {
  return [...(byTarget.get(target)?.values() ?? [])].flat();
}

/**
 * Refuses (code 5) deleting the record `id` (called `label` in the message) while one of `usages`
 * points at it: the first usage found gives the refusal, naming its first using rows where it can.
 */
export async function refuseIfUsed(
  tx: Tx,
  usages: readonly UsedBy[],
  id: number,
  label: string,
): Promise<void> {
  for (const u of usages) {
    const uses: { name: unknown }[] = await tx
      .select({ name: u.names ?? sql`''` })
      .from(u.column.table)
      // an id list (a mould's products) holds it as one of its elements
      .where(u.column.columnType === 'PgArray' ? sql`${id} = any(${u.column})` : eq(u.column, id))
      // the first made first, as their lists show them
      .orderBy(getTableColumns(u.column.table).id ?? sql`1`)
      .limit(NAMED_USERS + 1);
    if (!uses.length) continue;
    const first = uses.slice(0, NAMED_USERS).map((r) => String(r.name));
    const named = u.names ? `“${first.join('、')}${uses.length > NAMED_USERS ? '等' : ''}”` : '';
    throw referenced(
      typeof u.message === 'function'
        ? u.message(label, named)
        : (u.message ?? `“${label}”已被${u.label}${named}使用，不能删除`),
    );
  }
}

/** refuseIfUsed with every reference other modules registered to `target`. */
export const refuseWhileUsed = (tx: Tx, target: string, id: number, label: string) =>
  refuseIfUsed(tx, referencesTo(target), id, label);
