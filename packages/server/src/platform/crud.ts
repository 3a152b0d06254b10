import {
  ExportQuery,
  ImportCheckResult,
  ImportError,
  ImportQuery,
  ImportWriteResult,
} from '@factory/shared/api/import';
import { IdQuery, ListPageQuery, PageResult } from '@factory/shared/api/list';
import { SelectQuery, SelectResult } from '@factory/shared/api/user';
import { withCustomFields } from '@factory/shared/entities/custom';
import {
  bodyKey,
  type EntityDecl,
  entityButtons,
  entityPaths,
  type FieldDecl,
  fieldsOf,
  formFields,
} from '@factory/shared/entities/define';
import { bodySchemas, rowSchema } from '@factory/shared/entities/schema';
import { findRoute } from '@factory/shared/routes';
import { type AnyColumn, and, asc, eq, getTableColumns, getTableName, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type TSchema, Type } from 'typebox';
import { audit } from './audit.ts';
import {
  CustomValues,
  checkCustomValues,
  customFieldsOf,
  customImportValue,
  customListFields,
  flattenCustom,
} from './customFields.ts';
import type { Tx } from './db.ts';
import { conflict, fieldError, notFound, referenced } from './errors.ts';
import { exportColumns, exportQuery, pageRows, sendXlsx, streamXlsx } from './excel/export.ts';
import {
  errorWorkbook,
  insertRows,
  insertRowsReturning,
  type RefBinding,
  receiveImportFile,
  runImport,
  tableLookups,
  type ValidRow,
} from './excel/import.ts';
import { templateWorkbook } from './excel/template.ts';
import { defaultOrderOf, type ListFields, listFieldsOf, listPage, selectPage } from './list.ts';
import { noteCodes, peekCode, takeCodes } from './numbering.ts';
import { type RouteDef, route } from './route.ts';
import type { SessionInfo } from './session.ts';

/** A column as SQL text qualified by its table, for correlated subqueries (drizzle leaves it bare). */
export const qualified = (column: PgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/** Rows elsewhere that point at this entity: a delete is refused while one exists. */
export interface UsedBy {
  column: PgColumn;
  /** What uses it, in the refusal: “{name}”已被{label}使用，不能删除. */
  label: string;
  /**
   * The whole refusal instead (the spec's own words, e.g. PROCEDURE_IN_USE_MESSAGE), or made from
   * the row's name and the quoted names of the first rows using it (“铜材区、硅钢区等”, see `names`).
   */
  message?: string | ((name: string, named: string) => string);
  /**
   * The using rows' name column: the refusal then names the first few of them (a warehouse's
   * areas), so the user knows what to remove first.
   */
  names?: PgColumn;
}

/** How many using rows a refusal names. */
const NAMED_USERS = 3;

/** A rule broken by a row: the body key of the field to blame and the message. */
export interface RowProblem {
  field: string;
  message: string;
}

type Body = Record<string, unknown>;
type Values = Record<string, unknown>;

export interface CrudHooks {
  /** Rules special to the entity, after the declared checks; `id` is null when adding. */
  validate?(tx: Tx, values: Values, id: number | null, body: Body): Promise<void>;
  /** After the row is written (links such as a station's procedures); `body` is the request's. */
  saved?(tx: Tx, id: number, body: Body, isNew: boolean): Promise<void>;
  /**
   * Rules across the fields of one row (lower limit ≤ upper limit), on the whole row keyed as
   * bodies are (`auxUnitId`, `lowerLimit`): checked on add, on update (merged with the stored
   * row) and on every import row, so no way in skips them.
   */
  checkRow?(row: Values): RowProblem[];
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
  /** Schemas of those extra row values, and of extra body fields the hooks handle. */
  extraRow?: Record<string, TSchema>;
  extraBody?: Record<string, TSchema>;
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
}

const ENABLED = 'isEnabled';

/**
 * The standard calls of a declared entity (spec 000 §7's pattern) and the services behind them.
 * A module gives its declaration, its table and what is special (references, users of its rows,
 * hooks); list, select, detail, add/copy, update, delete, enable/disable, next code, export and
 * import come from here, each with the route's permission keys and one audit row per change.
 */
export function crud(o: CrudOptions) {
  const { entity, table } = o;
  const paths = entityPaths(entity);
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const idCol = cols.id;
  const keysOf = (action: string) => [`${entity.route}${action}`];
  // which calls beyond list/detail/add/update/delete exist follows the route's buttons
  if (!findRoute(entity.route)) throw new Error(`${entity.name}: unknown route ${entity.route}`);
  const buttons = entityButtons(entity);
  const copy = buttons.includes('Copy');
  const toggle = buttons.includes('Enable');
  const colOf = (key: string) => (Object.hasOwn(cols, key) ? cols[key] : undefined);
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
      const name = sql<
        string | null
      >`(select r.${sql.identifier(ref.name.name)} from ${ref.name.table} r where r.${sql.identifier(ref.id.name)} = ${qualified(own)})`;
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
        ? sql<string>`to_char(${qualified(column)} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`
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
  for (const [idField, column] of Object.entries(refIdColumns))
    listFields[idField] ??= { column, type: 'number', filter: ['eq', 'in'] };
  // a record by id through the list contract: a screen checks the one it shows still exists
  listFields.id = { ...listFields.id, column: idCol, type: 'number', filter: ['eq', 'in'] };
  const inScope = (where?: SQL) => and(o.scope?.where, where);
  const defaultOrder = [...defaultOrderOf(entity, listFields), asc(idCol)];
  const Row = rowSchema(entity, { ...o.extraRow, ...(entity.customFields ? { custom: CustomValues } : {}) });
  const bodies = bodySchemas(entity, {
    ...o.extraBody,
    ...(entity.customFields ? { custom: Type.Optional(CustomValues) } : {}),
  });

  /** The tenant's custom fields of this entity (none when it takes none). */
  const customDefs = (tx: Tx) =>
    entity.customFields ? customFieldsOf(tx, entity.name) : Promise.resolve([]);
  /** The list whitelist with the tenant's custom fields, for lists and exports. */
  const fieldsFor = async (tx: Tx) => {
    const defs = await customDefs(tx);
    return defs.length ? { ...listFields, ...customListFields(cols.custom, defs) } : listFields;
  };

  const detail = async (tx: Tx, id: number) => {
    const [row] = await tx
      .select(rowColumns)
      .from(table)
      .where(inScope(eq(idCol, id)));
    if (!row) throw notFound(entity.label);
    return row as Record<string, unknown>;
  };

  /** The body's declared fields as table values: '' is empty, texts trimmed, 启用 a boolean. */
  function valuesOf(body: Body): Values {
    const values: Values = {};
    for (const [key, f] of formFields(entity)) {
      const k = bodyKey(key, f);
      if (!Object.hasOwn(body, k)) continue;
      let v = body[k];
      if (typeof v === 'string') v = v.trim();
      if (v === '' || v === undefined) v = null;
      if (key === ENABLED) values.enabled = v === null ? true : v === 1;
      else values[f.ref ? k : propOf(key)] = v;
    }
    return values;
  }

  /** An emptied value of a column that cannot be empty falls back to the column's default (sort → 0). */
  function fillDefaults(values: Values): Values {
    for (const [k, v] of Object.entries(values)) {
      const column = colOf(k);
      if (v === null && column?.notNull && column.hasDefault && typeof column.default !== 'object')
        values[k] = column.default;
    }
    return values;
  }

  async function checkValues(tx: Tx, values: Values, id: number | null) {
    for (const [key, f] of formFields(entity)) {
      const k = bodyKey(key, f);
      const v = values[f.ref ? k : propOf(key)];
      if (v === null || v === undefined) continue;
      if (f.unique) {
        const column = cols[propOf(key)];
        const [other] = await tx
          .select({ id: idCol })
          .from(table)
          .where(and(eq(column, v), id === null ? undefined : ne(idCol, id)))
          .limit(1);
        if (other) throw conflict(`${f.label}“${String(v)}”已存在`, key);
      }
      const ref = o.refs?.[key];
      if (ref) {
        const [found] = await tx
          .select({ id: ref.id })
          .from(ref.id.table)
          .where(and(eq(ref.id, v), ref.where))
          .limit(1);
        if (!found) throw fieldError(k, `所选${f.label}不存在或已被删除`);
      }
    }
  }

  /** Table values (and an import's field values) keyed as bodies are, for checkRow. */
  const bodyView = (get: (key: string, f: FieldDecl) => unknown): Values =>
    Object.fromEntries(formFields(entity).map(([key, f]) => [bodyKey(key, f), get(key, f)]));
  const tableView = (values: Values) =>
    bodyView((key, f) =>
      key === ENABLED
        ? values.enabled === undefined
          ? undefined
          : Number(values.enabled)
        : values[f.ref?.idField ?? propOf(key)],
    );

  async function checkRow(tx: Tx, values: Values, id: number | null) {
    if (!o.hooks?.checkRow) return;
    let row = values;
    if (id !== null) {
      const [stored] = await tx
        .select()
        .from(table)
        .where(inScope(eq(idCol, id)));
      if (!stored) throw notFound(entity.label);
      row = { ...stored, ...values };
    }
    const [problem] = o.hooks.checkRow(tableView(row));
    if (problem) throw fieldError(problem.field, problem.message);
  }

  /** A numbered entity's code: the next free number when left empty, else noted as taken. */
  async function numberCode(tx: Tx, values: Values): Promise<void> {
    if (!entity.autoCode) return;
    if (values.code) return noteCodes(tx, entity.name, [String(values.code)]);
    // skip numbers already used by codes typed before the rule changed
    for (let i = 0; i < 1000; i++) {
      const [code] = await takeCodes(tx, entity.name);
      const [used] = await tx.select({ id: idCol }).from(table).where(eq(cols.code, code)).limit(1);
      if (!used) {
        values.code = code;
        return;
      }
    }
    throw conflict(`${entity.label}编码已用尽，请在编码设置中调整规则`, 'code');
  }

  async function create(tx: Tx, actorId: number | null, body: Body): Promise<number> {
    const values = { ...fillDefaults(valuesOf(body)), ...o.scope?.values };
    if (entity.customFields) values.custom = checkCustomValues(await customDefs(tx), body.custom, true);
    await numberCode(tx, values);
    await checkValues(tx, values, null);
    await checkRow(tx, values, null);
    await o.hooks?.validate?.(tx, values, null, body);
    const [row] = (await tx
      .insert(table)
      .values(values as never)
      .returning({ id: idCol })) as { id: number }[];
    await o.hooks?.saved?.(tx, row.id, body, true);
    await audit(tx, actorId, entity.name, row.id, 'add', values);
    return row.id;
  }

  async function update(tx: Tx, actorId: number, id: number, body: Body): Promise<void> {
    const values = fillDefaults(valuesOf(body));
    // custom values merge into the stored ones: a field added since keeps its value
    const customPatch =
      entity.customFields && body.custom !== undefined
        ? checkCustomValues(await customDefs(tx), body.custom, false)
        : undefined;
    await checkValues(tx, values, id);
    await checkRow(tx, values, id);
    await o.hooks?.validate?.(tx, values, id, body);
    const updated = await tx
      .update(table)
      .set({
        ...values,
        ...(customPatch ? { custom: sql`${cols.custom} || ${JSON.stringify(customPatch)}::jsonb` } : {}),
        ...(colOf('updatedAt') ? { updatedAt: sql`now()` } : {}),
      } as never)
      .where(inScope(eq(idCol, id)))
      .returning({ id: idCol });
    if (!updated.length) throw notFound(entity.label);
    await o.hooks?.saved?.(tx, id, body, false);
    await audit(
      tx,
      actorId,
      entity.name,
      id,
      'modify',
      customPatch ? { ...values, custom: customPatch } : values,
    );
  }

  async function remove(tx: Tx, actorId: number, id: number): Promise<void> {
    const row = await detail(tx, id);
    const label = String(row.name ?? row.code ?? id);
    for (const u of o.usedBy ?? []) {
      const uses: { name: unknown }[] = await tx
        .select({ name: u.names ?? sql`''` })
        .from(u.column.table)
        .where(eq(u.column, id))
        // the first made first, as their lists show them
        .orderBy(getTableColumns(u.column.table).id ?? sql`1`)
        .limit(NAMED_USERS + 1);
      if (!uses.length) continue;
      const users = uses.slice(0, NAMED_USERS).map((r) => String(r.name));
      const named = u.names ? `“${users.join('、')}${uses.length > NAMED_USERS ? '等' : ''}”` : '';
      throw referenced(
        typeof u.message === 'function'
          ? u.message(label, named)
          : (u.message ?? `“${label}”已被${u.label}${named}使用，不能删除`),
      );
    }
    await tx.delete(table).where(eq(idCol, id));
    await audit(tx, actorId, entity.name, id, 'delete', { name: label });
  }

  async function setEnabled(tx: Tx, actorId: number, id: number, enabled: boolean): Promise<void> {
    const updated = await tx
      .update(table)
      .set({ enabled, updatedAt: sql`now()` } as never)
      .where(inScope(eq(idCol, id)))
      .returning({ id: idCol });
    if (!updated.length) throw notFound(entity.label);
    await audit(tx, actorId, entity.name, id, enabled ? 'enable' : 'disable');
  }

  /** A checked import row as table values: references hold the looked-up id, custom fields go to `custom`. */
  function importValues(decl: EntityDecl, { data }: ValidRow): Values {
    const values: Values = { ...(entity.customFields ? { custom: {} } : {}), ...o.scope?.values };
    for (const [key, f] of fieldsOf(decl)) {
      if (!f.import || f.readOnly) continue;
      const v = data[key] ?? null;
      if (f.custom) {
        if (v !== null) (values.custom as Values)[key] = customImportValue(f, v);
      } else if (key === ENABLED) values.enabled = v === null ? true : v === 1;
      else if (f.ref?.idField) values[f.ref.idField] = v;
      else {
        const column = colOf(propOf(key));
        // insertRows writes NULL for a missing value: give columns with a default their default
        values[propOf(key)] = v === null && column?.notNull && column.hasDefault ? column.default : v;
      }
    }
    return values;
  }

  const list = async (tx: Tx, query: Parameters<typeof listPage>[2], where?: SQL) =>
    listPage(
      ({ total }) => tx.select({ ...rowColumns, __total: total }).from(table),
      await fieldsFor(tx),
      query,
      {
        where: inScope(where),
        defaultOrder,
      },
    );

  /** The select list (spec 000 §7: page, limit, searchVal → records, total), narrowed further by `where`. */
  const select = (tx: Tx, query: Parameters<typeof selectPage>[2], where?: SQL) =>
    selectPage(({ total }) => tx.select({ ...rowColumns, __total: total }).from(table), listFields, query, {
      where: inScope(and(o.selectWhere, where)),
      order: defaultOrder,
    });

  const routes: RouteDef[] = [
    route({
      method: 'GET',
      url: paths.listPage,
      summary: `${entity.label}分页列表`,
      access: { keys: [entity.route] },
      query: ListPageQuery,
      result: PageResult(Row),
      handler: ({ tx, session, query }) => list(tx, query, o.listWhere?.(session)),
    }),
    route({
      method: 'GET',
      url: paths.list,
      summary: `${entity.label}选择列表`,
      access: { session: true },
      query: SelectQuery,
      result: SelectResult(Row),
      handler: ({ tx, query }) => select(tx, query),
    }),
    route({
      method: 'GET',
      url: paths.detail,
      summary: `${entity.label}详情`,
      access: { keys: [entity.route] },
      query: IdQuery,
      result: Row,
      handler: ({ tx, query }) => detail(tx, query.id),
    }),
    route({
      method: 'POST',
      url: paths.add,
      summary: copy ? `新增${entity.label}（复制亦用此接口）` : `新增${entity.label}`,
      access: { keys: [...keysOf('Add'), ...(copy ? keysOf('Copy') : [])] },
      body: bodies.add,
      result: Row,
      handler: async ({ tx, session, body }) => detail(tx, await create(tx, session.userId, body as Body)),
    }),
    route({
      method: 'PUT',
      url: paths.update,
      summary: `修改${entity.label}`,
      access: { keys: keysOf('Modify') },
      body: bodies.update,
      result: Row,
      handler: async ({ tx, session, body }) => {
        const { id, ...rest } = body as Body & { id: number };
        await update(tx, session.userId, id, rest);
        return detail(tx, id);
      },
    }),
    route({
      method: 'DELETE',
      url: paths.remove,
      summary: `删除${entity.label}`,
      access: { keys: keysOf('Del') },
      query: IdQuery,
      handler: async ({ tx, session, query }) => {
        await remove(tx, session.userId, query.id);
        return true;
      },
    }),
  ];
  if (toggle) {
    for (const [action, enabled] of [
      ['enable', true],
      ['disable', false],
    ] as const) {
      routes.push(
        route({
          method: 'GET',
          url: paths[action],
          summary: `${enabled ? '启用' : '停用'}${entity.label}`,
          access: { keys: keysOf(enabled ? 'Enable' : 'Disable') },
          query: IdQuery,
          handler: async ({ tx, session, query }) => {
            await setEnabled(tx, session.userId, query.id, enabled);
            return true;
          },
        }),
      );
    }
  }
  if (entity.autoCode) {
    routes.push(
      route({
        method: 'GET',
        url: paths.maxCode,
        summary: `建议下一个${entity.label}编码`,
        access: { keys: [...keysOf('Add'), ...(copy ? keysOf('Copy') : [])] },
        result: Type.String(),
        handler: ({ tx }) => peekCode(tx, entity.name),
      }),
    );
  }
  if (buttons.includes('Export'))
    routes.push(
      route({
        method: 'GET',
        url: paths.export,
        summary: `导出${entity.label}（当前查询条件、排序与显示列）`,
        access: { keys: keysOf('Export') },
        query: ExportQuery,
        handler: async ({ tx, session, query, reply }) => {
          const defs = await customDefs(tx);
          const { where, orderBy } = await exportQuery(await fieldsFor(tx), query, { defaultOrder });
          const caller = o.listWhere?.(session);
          await streamXlsx(reply, {
            fileName: `${entity.label}列表`,
            sheetName: entity.label,
            columns: exportColumns(withCustomFields(entity, defs), query.columns),
            rows: flattenCustom(
              pageRows((limit, offset) =>
                tx
                  .select(rowColumns)
                  .from(table)
                  .where(inScope(and(where, caller)))
                  .orderBy(...orderBy)
                  .limit(limit)
                  .offset(offset),
              ),
            ),
          });
        },
      }),
    );
  if (buttons.includes('Import')) {
    const binding = () => ({
      refs: o.refs,
      unique: Object.fromEntries(
        fieldsOf(entity)
          .filter(([key, f]) => f.unique && f.import && colOf(propOf(key)))
          .map(([key]) => [key, cols[propOf(key)]]),
      ),
    });
    // an import row's field values (references already their ids) through the entity's row rules
    const rowRule = o.hooks?.checkRow;
    const importRule = rowRule
      ? (data: Values) =>
          rowRule(bodyView((key) => data[key] ?? null)).map((p) => ({
            key: formFields(entity).find(([key, f]) => bodyKey(key, f) === p.field)?.[0] ?? p.field,
            message: p.message,
          }))
      : undefined;
    routes.push(
      route({
        method: 'GET',
        url: paths.importTemplate,
        summary: `下载${entity.label}导入模板`,
        access: { keys: keysOf('Import') },
        handler: async ({ tx, reply }) =>
          sendXlsx(
            reply,
            `${entity.label}导入模板`,
            await templateWorkbook(withCustomFields(entity, await customDefs(tx))),
          ),
      }),
      route({
        method: 'POST',
        url: paths.importErrors,
        summary: '下载导入校验错误清单',
        access: { keys: keysOf('Import') },
        body: Type.Array(ImportError, { maxItems: 200_000 }),
        handler: async ({ tx, body, reply }) =>
          sendXlsx(
            reply,
            `${entity.label}导入错误清单`,
            await errorWorkbook(body, withCustomFields(entity, await customDefs(tx))),
          ),
      }),
      route({
        method: 'POST',
        url: paths.import,
        summary: `导入${entity.label}：mode=check 校验，mode=write 写入（全部成功或全部不写）`,
        access: { keys: keysOf('Import') },
        rawBody: true,
        query: ImportQuery,
        result: Type.Union([ImportCheckResult, ImportWriteResult]),
        handler: async ({ tx, session, req, query }) => {
          const file = await receiveImportFile(req);
          const decl = withCustomFields(entity, await customDefs(tx));
          return runImport({
            mode: query.mode,
            file: file.buffer,
            decl,
            startRow: query.startRow,
            tx,
            hooks: { ...tableLookups(tx, binding()), checkRow: importRule },
            write: async (tx, rows) => {
              const values = rows.map((row) => importValues(decl, row));
              if (entity.autoCode) {
                const blank = values.filter((v) => !v.code);
                const codes = await takeCodes(tx, entity.name, blank.length);
                blank.forEach((v, i) => {
                  v.code = codes[i];
                });
                await noteCodes(
                  tx,
                  entity.name,
                  values.map((v) => String(v.code)),
                );
              }
              const imported = o.hooks?.imported;
              const count = values.length;
              if (imported) {
                const rows = await insertRowsReturning(tx, table, values, { id: idCol });
                await imported(
                  tx,
                  rows.map((r) => Number(r.id)),
                );
              } else await insertRows(tx, table, values);
              await audit(tx, session.userId, entity.name, null, 'import', { count });
              return count;
            },
          });
        },
      }),
    );
  }
  // a route without the Add, Modify or Del button has no such call (package codes are never modified)
  const needs: Record<string, string> = {
    [paths.add]: 'Add',
    [paths.update]: 'Modify',
    [paths.remove]: 'Del',
  };
  return {
    routes: routes.filter((r) => !needs[r.url] || buttons.includes(needs[r.url])),
    paths,
    Row,
    rowColumns,
    listFields,
    list,
    select,
    detail,
    create,
    update,
    remove,
    setEnabled,
  };
}

export type Crud = ReturnType<typeof crud>;
