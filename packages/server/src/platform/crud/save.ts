import { bodyKey, formFields } from '@factory/shared/entities/define';
import { parseFactoryTime } from '@factory/shared/factoryTime';
import { and, eq, ne, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { audit } from '../audit.ts';
import { nowOf } from '../clock.ts';
import { checkCustomValues } from '../customFields.ts';
import type { Tx } from '../db.ts';
import { conflict, duplicateError, fieldError, notFound } from '../errors.ts';
import { changedFields, stale, writeTrail } from '../machine.ts';
import { noteCodes, peekCode, takeCodes } from '../numbering.ts';
import { type Body, type CrudContext, ENABLED, serve, type Values } from './context.ts';

/**
 * Adding (and copying) and changing a row: the declared checks (unique, references), the row
 * rules, the hooks, numbering and one audit row; the add and update calls where the route has
 * the Add and Modify buttons.
 */
export function saveCalls(c: CrudContext) {
  const { entity, table, cols, idCol, colOf, propOf, o } = c;

  /** The body's declared fields as table values: '' is empty, texts trimmed, 启用 a boolean. */
  function valuesOf(body: Body): Values {
    const values: Values = {};
    for (const [key, f] of formFields(entity)) {
      const k = bodyKey(key, f);
      if (!Object.hasOwn(body, k)) continue;
      let v = body[k];
      if (typeof v === 'string') v = v.trim();
      if (v === '' || v === undefined) v = null;
      // validated as a factory time (inputRules); the column takes the instant
      if (f.type === 'datetime' && typeof v === 'string') v = parseFactoryTime(v) ?? v;
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

  /** A document's lines from the body, as table values with their references checked; none when not sent. */
  async function checkLines(tx: Tx, body: Body) {
    if (!c.lines || !Array.isArray(body.lines)) return undefined;
    const lines = (body.lines as Body[]).map(c.lines.valuesOf);
    await c.lines.checkRefs(tx, lines);
    return lines;
  }

  /** The stored lines of a document, keyed as line bodies are, for the trail. */
  async function storedLines(tx: Tx, id: number) {
    const lines = c.lines;
    if (!lines) return [];
    const { table: t, docId } = o.lines as NonNullable<typeof o.lines>;
    const rows = (await tx.select().from(t).where(eq(docId, id)).orderBy(sql`line_no`)) as Values[];
    return rows.map((r) =>
      Object.fromEntries(lines.fields.map(([k, f]) => [bodyKey(k, f), r[bodyKey(k, f)]])),
    );
  }

  /** What an edit changed in a document's lines, line by line ('第2行数量'), for its trail. */
  function lineChanges(before: Values[], after: Values[]) {
    const fields = Object.fromEntries((c.lines?.fields ?? []).map(([k, f]) => [bodyKey(k, f), f]));
    const changes: ReturnType<typeof changedFields> = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      const row = `第${i + 1}行`;
      if (!before[i]) changes.push({ field: `lines.${i}`, label: row, from: '', to: '新增' });
      else if (!after[i]) changes.push({ field: `lines.${i}`, label: row, from: '删除前', to: '已删除' });
      else
        for (const ch of changedFields(fields, before[i], after[i]))
          changes.push({ ...ch, field: `lines.${i}.${ch.field}`, label: `${row}${ch.label}` });
    }
    return changes;
  }

  /** Table values keyed as bodies are, for checkRow. */
  const tableView = (values: Values) =>
    c.bodyView((key, f) =>
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
        .where(c.inScope(eq(idCol, id)));
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

  /** A unique field another save took between the check and the write, named as the check names it. */
  const rethrowDuplicate =
    (values: Values) =>
    (error: unknown): never => {
      throw (
        duplicateError(error, (constraint) => {
          const index = getTableConfig(table).indexes.find((i) => i.config.name === constraint);
          const column = (index?.config.columns.at(-1) as { name?: string } | undefined)?.name;
          for (const [key, f] of formFields(entity)) {
            const prop = propOf(key);
            if (f.unique && cols[prop]?.name === column)
              return { field: key, label: f.label, value: values[prop] };
          }
          return undefined;
        }) ?? error
      );
    };

  async function create(tx: Tx, actorId: number | null, body: Body): Promise<number> {
    const values: Values = {
      ...fillDefaults(valuesOf(body)),
      ...o.scope?.values,
      // stamped by the transaction's clock: the demo's history is written on its own days
      ...(colOf('createdAt') ? { createdAt: nowOf(tx) } : {}),
    };
    if (entity.customFields) values.custom = checkCustomValues(await c.customDefs(tx), body.custom, true);
    await numberCode(tx, values);
    await checkValues(tx, values, null);
    await checkRow(tx, values, null);
    const lines = await checkLines(tx, body);
    await o.hooks?.validate?.(tx, values, null, body);
    const [row] = (await tx
      .insert(table)
      .values(values as never)
      .returning({ id: idCol })
      .catch(rethrowDuplicate(values))) as { id: number }[];
    if (lines) await c.lines?.write(tx, row.id, lines, true);
    await o.hooks?.saved?.(tx, row.id, body, true, actorId);
    await audit(tx, actorId, entity.name, row.id, 'add', values);
    return row.id;
  }

  /** A document's stored row, locked, refused when changed since the user read it (`version`). */
  async function lockDocument(tx: Tx, id: number, version: unknown) {
    const [stored] = await tx
      .select()
      .from(table)
      .where(c.inScope(eq(idCol, id)))
      .for('update');
    if (!stored) throw notFound(entity.label);
    const numberKey = Object.keys(cols).find((k) => cols[k] === o.document?.number) ?? 'code';
    if (typeof version !== 'number' || stored.version !== version)
      throw stale(entity.label, String(stored[numberKey] ?? ''));
    return stored as Values;
  }

  async function update(tx: Tx, actorId: number, id: number, body: Body): Promise<void> {
    const { version, ...rest } = body;
    body = rest;
    const stored = o.document ? await lockDocument(tx, id, version) : undefined;
    const values = fillDefaults(valuesOf(body));
    // custom values merge into the stored ones: a field added since keeps its value
    const customPatch =
      entity.customFields && body.custom !== undefined
        ? checkCustomValues(await c.customDefs(tx), body.custom, false)
        : undefined;
    await checkValues(tx, values, id);
    await checkRow(tx, values, id);
    const lines = await checkLines(tx, body);
    await o.hooks?.validate?.(tx, values, id, body);
    const linesBefore = lines && stored ? await storedLines(tx, id) : undefined;
    const updated = await tx
      .update(table)
      .set({
        ...values,
        ...(customPatch ? { custom: sql`${cols.custom} || ${JSON.stringify(customPatch)}::jsonb` } : {}),
        ...(colOf('updatedAt') ? { updatedAt: sql`now()` } : {}),
        ...(stored ? { version: sql`${cols.version} + 1` } : {}),
      } as never)
      .where(c.inScope(eq(idCol, id)))
      .returning({ id: idCol })
      .catch(rethrowDuplicate(values));
    if (!updated.length) throw notFound(entity.label);
    if (lines) await c.lines?.write(tx, id, lines, false);
    await o.hooks?.saved?.(tx, id, body, false, actorId);
    if (stored) {
      const labels = Object.fromEntries(
        formFields(entity).map(([key, f]) => [f.ref ? bodyKey(key, f) : propOf(key), f]),
      );
      const changes = changedFields(labels, stored, values);
      if (customPatch)
        changes.push(
          ...changedFields(
            Object.fromEntries(
              (await c.customDefs(tx)).map((d) => [d.key, { label: d.label, type: 'string' as const }]),
            ),
            (stored.custom ?? {}) as Values,
            customPatch,
          ),
        );
      if (lines && linesBefore) changes.push(...lineChanges(linesBefore, lines));
      await writeTrail(tx, actorId, entity.name, id, 'modify', { changes });
      return;
    }
    await audit(
      tx,
      actorId,
      entity.name,
      id,
      'modify',
      customPatch ? { ...values, custom: customPatch } : values,
    );
  }

  const routes = [
    ...serve(c.endpoints.add, {
      handler: async ({ tx, session, body }) => c.detail(tx, await create(tx, session.userId, body as Body)),
    }),
    ...serve(c.endpoints.update, {
      handler: async ({ tx, session, body }) => {
        const { id, ...rest } = body as Body & { id: number };
        await update(tx, session.userId, id, rest);
        return c.detail(tx, id);
      },
    }),
  ];
  return { routes, create, update };
}

/** A numbered entity's next code, suggested on the add form (taken only when the row is saved). */
export function nextCodeCalls(c: CrudContext) {
  const routes = serve(c.endpoints.maxCode, { handler: ({ tx }) => peekCode(tx, c.entity.name) });
  return { routes };
}
