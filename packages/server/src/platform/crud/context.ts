import type { Endpoint } from '@factory/shared/api/contract';
import { withCustomFields } from '@factory/shared/entities/custom';
import {
  bodyKey,
  type EntityDecl,
  type FieldDecl,
  fieldsOf,
  formFields,
} from '@factory/shared/entities/define';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { findRoute } from '@factory/shared/routes';
import { type AnyColumn, and, asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { customFieldsOf, customListFields } from '../customFields.ts';
import type { Tx } from '../db.ts';
import { notFound } from '../errors.ts';
import type { RefBinding } from '../excel/import.ts';
import { factoryTimeText } from '../factoryTime.ts';
import { defaultOrderOf, type ListFields, listFieldsOf, lookedUp } from '../list.ts';
import type { UsedBy } from '../references.ts';
import { handle, type Implementation, type RouteDef } from '../route.ts';
import type { SessionInfo } from '../session.ts';
import { documentLines, type LinesOptions } from './lines.ts';
import { qualified } from './qualified.ts';

export { qualified } from './qualified.ts';

/** A rule broken by a row: the body key of the field to blame and the message. */
export interface RowProblem {
  field: string;
  message: string;
}

export type Body = Record<string, unknown>;
export type Values = Record<string, unknown>;

export interface CrudHooks {
  /** Rules special to the entity, after the declared checks; `id` is null when adding. */
  validate?(tx: Tx, values: Values, id: number | null, body: Body): Promise<void>;
  /** After the row is written (links such as a station's procedures); `body` is the request's, `actorId` who saved. */
  saved?(tx: Tx, id: number, body: Body, isNew: boolean, actorId: number | null): Promise<void>;
  /**
   * Rules across the fields of one row (lower limit ≤ upper limit), on the whole row keyed as
   * bodies are (`auxUnitId`, `lowerLimit`): checked on add, on update (merged with the stored
   * row) and on every import row, so no way in skips them.
   */
  checkRow?(row: Values): RowProblem[];
  /** Before a row is deleted, after the in-use checks: refuses a delete its state forbids (a confirmed order). */
  removing?(tx: Tx, id: number): Promise<void>;
  /** After the row is deleted, with the row as it was (a plan's order re-counts what is planned). */
  removed?(tx: Tx, row: Record<string, unknown>): Promise<void>;
  /** After an import wrote its rows (the ids), in its transaction: their companions (a flow's first version). */
  imported?(tx: Tx, ids: number[]): Promise<void>;
}

export interface CrudOptions {
  entity: EntityDecl;
  /** The entity's table; its property names are the declaration's field keys. */
  table: PgTable;
  /** Per reference field (areaName): where its id, name and code live. */
  refs?: Record<string, RefBinding & { name: PgColumn }>;
  /** Row values beyond the table's own columns (a station's procedure names), as SQL. */
  columns?: Record<string, SQL | PgColumn>;
  usedBy?: readonly UsedBy[];
  /** Narrows the select list (get{Entity}List), e.g. to enabled rows. */
  selectWhere?: SQL;
  /**
   * Narrows the paged list and its export by who asks (the equipment register honours the
   * caller's 仅显示我的设备); detail and changes are not narrowed.
   */
  listWhere?(session: SessionInfo): SQL | undefined;
  /**
   * The part of a shared table this entity is (line-side warehouses are the warehouse rows of kind
   * 1): every call reads and changes only rows matching `where`, and new rows get `values`.
   */
  scope?: { where: SQL; values: Values };
  /** Fields kept in a table column of another name (the spec's isVirtualMaterials in isVirtual). */
  columnOf?: Record<string, string>;
  hooks?: CrudHooks;
  /**
   * Columns a list filters on by id beyond the declared references (an order's page lists its
   * work orders by `orderId`): equality and `in` only.
   */
  idFilters?: Record<string, PgColumn>;
  /**
   * A business document: the table has `version`, an update must send the version it read (else
   * code 6, reload) and bumps it, and its audit row lists the changed fields, labelled, for the
   * detail page's trail. The document's number names it in the stale message.
   */
  document?: { number: PgColumn };
  /** A document with lines (`entity.lines`): where its lines live. */
  lines?: LinesOptions;
}

/** The declared 启用 field, kept in the table's boolean `enabled`. */
export const ENABLED = 'isEnabled';

/**
 * Each crud entity's table and the column that names one of its rows (its name, else its code):
 * what a record is called where only its entity and id are known (the workbench's 最近处理).
 */
export const namedTables = new Map<string, { table: PgTable; name: PgColumn }>();

/**
 * What every part of an entity's crud stands on, worked out once from its options: the row as
 * the API shows it, the list whitelist, the request schemas, the permission keys and the reading
 * of one row.
 */
export function crudContext(o: CrudOptions) {
  const { entity, table } = o;
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const idCol = cols.id;
  if (!findRoute(entity.route)) throw new Error(`${entity.name}: unknown route ${entity.route}`);
  const colOf = (key: string) => (Object.hasOwn(cols, key) ? cols[key] : undefined);
  const naming = colOf('name') ?? colOf('code');
  if (naming) namedTables.set(entity.name, { table, name: naming });
  /** The table property holding a field. */
  const propOf = (key: string) => o.columnOf?.[key] ?? key;

  // the row as the API shows it, and the same values for filters and sorts
  const rowColumns: Record<string, SQL | PgColumn> = { id: idCol };
  const filterColumns: Record<string, SQL | AnyColumn> = { id: idCol };
  /** A reference's id column (areaId): lists filter on it with eq/in (an area's locations). */
  const refIdColumns: Record<string, PgColumn> = {};
  for (const [key, f] of fieldsOf(entity)) {
    if (key === 'id') continue;
    const ref = o.refs?.[key];
    const idField = f.ref?.idField;
    if (ref && idField) {
      const own = colOf(idField);
      if (!own) throw new Error(`${entity.name}.${key}: no column ${idField}`);
      // filters search the referenced table once (by its own index), not once per row
      const name = lookedUp(own, ref.name as PgColumn, ref.id as PgColumn);
      rowColumns[key] = name;
      rowColumns[idField] = own;
      filterColumns[key] = name;
      refIdColumns[idField] = own;
      continue;
    }
    if (key === ENABLED && colOf('enabled')) {
      const expr = sql<number>`(${qualified(cols.enabled)})::int`.mapWith(Number);
      rowColumns[key] = expr;
      filterColumns[key] = expr;
      continue;
    }
    const column = colOf(propOf(key));
    if (!column) continue;
    filterColumns[key] = column;
    rowColumns[key] =
      f.type === 'datetime'
        ? factoryTimeText(qualified(column))
        : f.type === 'date'
          ? sql<string>`to_char(${qualified(column)}, 'YYYY-MM-DD')`
          : f.type === 'number'
            ? sql<number | null>`${qualified(column)}`.mapWith((v) => (v === null ? null : Number(v)))
            : column;
  }
  Object.assign(rowColumns, o.columns);
  if (entity.customFields) rowColumns.custom = cols.custom;
  for (const [key, c] of Object.entries(o.columns ?? {}))
    if (Object.hasOwn(entity.fields, key)) filterColumns[key] = c;
  const listFields: ListFields = listFieldsOf(entity, filterColumns);
  for (const [idField, column] of Object.entries({ ...refIdColumns, ...o.idFilters }))
    listFields[idField] ??= { column, type: 'number', filter: ['eq', 'in'] };
  // a record by id through the list contract: a screen checks the one it shows still exists
  listFields.id = { ...listFields.id, column: idCol, type: 'number', filter: ['eq', 'in'] };
  const inScope = (where?: SQL) => and(o.scope?.where, where);
  const defaultOrder = [...defaultOrderOf(entity, listFields), asc(idCol)];
  // its calls as shared declares them for this entity: the routes serve exactly these
  const endpoints = entityEndpoints(entity);

  /** The tenant's custom fields of this entity (none when it takes none). */
  const customDefs = (tx: Tx) =>
    entity.customFields ? customFieldsOf(tx, entity.name) : Promise.resolve([]);
  /** The declaration with the tenant's custom fields, for the Excel files. */
  const declWithCustom = async (tx: Tx) => withCustomFields(entity, await customDefs(tx));
  /** The list whitelist with the tenant's custom fields, for lists and exports. */
  const fieldsFor = async (tx: Tx) => {
    const defs = await customDefs(tx);
    return defs.length ? { ...listFields, ...customListFields(cols.custom, defs) } : listFields;
  };

  const lines = o.lines ? documentLines(entity, o.lines) : undefined;
  if (entity.lines && !lines) throw new Error(`${entity.name}: declared lines without their table`);

  /** One row as the API shows it; not found outside the entity's scope. */
  const detail = async (tx: Tx, id: number) => {
    const [row] = await tx
      .select(rowColumns)
      .from(table)
      .where(inScope(eq(idCol, id)));
    if (!row) throw notFound(entity.label);
    return row as Record<string, unknown>;
  };

  /** Field values (table values, an import's values) keyed as bodies are, for the row rules. */
  const bodyView = (get: (key: string, f: FieldDecl) => unknown): Values =>
    Object.fromEntries(formFields(entity).map(([key, f]) => [bodyKey(key, f), get(key, f)]));

  return {
    o,
    entity,
    table,
    endpoints,
    cols,
    idCol,
    colOf,
    propOf,
    rowColumns,
    listFields,
    inScope,
    defaultOrder,
    customDefs,
    declWithCustom,
    fieldsFor,
    detail,
    bodyView,
    lines,
  };
}

export type CrudContext = ReturnType<typeof crudContext>;

/** The route serving an entity endpoint, or none where the entity's route has no button for it. */
export const serve = <E extends Endpoint>(e: E | undefined, impl: Implementation<E>): RouteDef[] =>
  e ? [handle(e, impl)] : [];
