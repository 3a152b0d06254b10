import { CUSTOM_TEXT_MAX, type CustomFieldDef, choicesOf } from '@factory/shared/entities/custom';
import type { FieldDecl } from '@factory/shared/entities/define';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from './db.ts';
import { fieldError } from './errors.ts';
import type { ListFields } from './list.ts';
import { customFields } from './schema.ts';

/** The enabled custom fields of an entity, in their order. */
export function customFieldsOf(tx: Tx, entity: string): Promise<CustomFieldDef[]> {
  return tx
    .select({
      key: customFields.key,
      label: customFields.label,
      type: customFields.type,
      required: customFields.required,
      options: customFields.options,
    })
    .from(customFields)
    .where(and(eq(customFields.entity, entity), eq(customFields.enabled, true)))
    .orderBy(asc(customFields.sort), asc(customFields.id));
}

/** Filters and sorts on custom values (checked on write, so the casts hold). */
export function customListFields(column: PgColumn, defs: readonly CustomFieldDef[]): ListFields {
  const out: ListFields = {};
  for (const d of defs) {
    const text = sql`(${column} ->> ${d.key})`;
    if (d.type === 0)
      out[d.key] = {
        column: sql`(${text})::numeric`,
        type: 'number',
        filter: ['between', 'gte', 'lte', 'eq'],
        sort: true,
      };
    else if (d.type === 2) out[d.key] = { column: text, type: 'string', filter: ['eq', 'in'], sort: true };
    else if (d.type === 4) continue;
    else
      out[d.key] = {
        column: text,
        type: 'string',
        filter: d.type === 5 ? undefined : ['like', 'eq'],
        sort: true,
      };
  }
  return out;
}

const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

/**
 * The custom values of a body, checked against the tenant's fields: known keys only, each of its
 * type (a number; a text ≤ 500; one of the choices; several of them; a file URL; a time
 * 'YYYY-MM-DD HH:mm:ss'), required ones present when adding. Empty values are left out.
 */
export function checkCustomValues(
  defs: readonly CustomFieldDef[],
  input: unknown,
  isNew: boolean,
): Record<string, unknown> {
  const given = (input ?? {}) as Record<string, unknown>;
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(given))
    if (!byKey.has(key)) throw fieldError(`custom.${key}`, '该自定义字段不存在或已停用');
  for (const d of defs) {
    const field = `custom.${d.key}`;
    let v = given[d.key];
    if (typeof v === 'string') v = v.trim();
    if (Array.isArray(v)) v = v.map(String).join('、');
    if (v === undefined || v === null || v === '') {
      if (d.required && (isNew || Object.hasOwn(given, d.key)))
        throw fieldError(
          field,
          `${d.type === 2 || d.type === 3 || d.type === 5 ? '请选择' : '请输入'}${d.label}`,
        );
      if (Object.hasOwn(given, d.key)) out[d.key] = null;
      continue;
    }
    switch (d.type) {
      case 0: {
        const n = typeof v === 'number' ? v : Number(v);
        if (!Number.isFinite(n)) throw fieldError(field, `${d.label}应为数字`);
        out[d.key] = n;
        break;
      }
      case 2:
        if (!choicesOf(d.options).includes(String(v))) throw fieldError(field, `${d.label}不是有效的选项`);
        out[d.key] = String(v);
        break;
      case 3: {
        const choices = choicesOf(d.options);
        const picked = String(v).split('、');
        if (picked.some((p) => !choices.includes(p))) throw fieldError(field, `${d.label}包含无效的选项`);
        out[d.key] = picked.join('、');
        break;
      }
      case 5:
        if (typeof v !== 'string' || !DATETIME.test(v))
          throw fieldError(field, `${d.label}应为时间（YYYY-MM-DD HH:mm:ss）`);
        out[d.key] = v;
        break;
      default:
        if (typeof v !== 'string' || v.length > CUSTOM_TEXT_MAX)
          throw fieldError(field, `${d.label}不能超过${CUSTOM_TEXT_MAX}个字符`);
        out[d.key] = v;
    }
  }
  return out;
}

const wallClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** An imported custom value as the form would have saved it (times as factory wall-clock text). */
export function customImportValue(f: FieldDecl, v: unknown): unknown {
  return f.type === 'datetime' && v instanceof Date ? wallClock.format(v) : v;
}

/** Export rows with their custom values beside the others (columns are keyed cf1, cf2 …). */
export async function* flattenCustom<R extends Record<string, unknown>>(rows: AsyncIterable<R>) {
  for await (const row of rows) {
    const custom = row.custom as Record<string, unknown> | undefined;
    yield custom ? { ...row, ...custom } : row;
  }
}
