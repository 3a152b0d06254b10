import { Type } from 'typebox';
import { defineEnum } from '../enums/defineEnum.ts';
import type { EntityDecl, FieldDecl } from './define.ts';

/** A tenant's custom field of an entity, as getCustomFieldList answers. */
export interface CustomFieldDef {
  key: string;
  label: string;
  /** customFieldType: 0 number, 1 text, 2 single choice, 3 multiple choice, 4 image or attachment, 5 time. */
  type: number;
  required: boolean;
  /** Choices joined by '、' (types 2 and 3). */
  options: string | null;
}

export const CUSTOM_KEY_PATTERN = '^cf[0-9]{1,6}$';
export const CUSTOM_TEXT_MAX = 500;

/** The `custom` object of rows and bodies: values by custom field key. */
export const CustomValues = Type.Record(Type.String({ pattern: CUSTOM_KEY_PATTERN }), Type.Unknown(), {
  maxProperties: 100,
  title: '自定义字段',
});
export const choicesOf = (options: string | null | undefined) =>
  (options ?? '')
    .split('、')
    .map((o) => o.trim())
    .filter(Boolean);

/**
 * A custom field as a declared field, so every generic piece (list column, search form, form,
 * import, export) treats it like the entity's own: numbers filter by range, choices by value,
 * texts by 'like'; a single choice is an enumeration of its options.
 */
export function customFieldDecl(d: CustomFieldDef): FieldDecl {
  const base = { label: d.label, required: d.required, custom: true, import: true, sort: true, width: 140 };
  switch (d.type) {
    case 0:
      return { ...base, type: 'number', filter: ['between', 'gte', 'lte', 'eq'] };
    case 2: {
      const choices = choicesOf(d.options);
      return {
        ...base,
        type: 'enum',
        enum: defineEnum(choices.map((c) => ({ value: c, label: c }))),
        filter: ['eq', 'in'],
      };
    }
    case 3:
      return {
        ...base,
        type: 'string',
        choices: choicesOf(d.options),
        maxLength: CUSTOM_TEXT_MAX,
        filter: ['like'],
      };
    case 4:
      return {
        ...base,
        type: 'string',
        upload: true,
        maxLength: CUSTOM_TEXT_MAX,
        import: false,
        sort: false,
      };
    case 5:
      return { ...base, type: 'datetime' };
    default:
      return { ...base, type: 'string', maxLength: CUSTOM_TEXT_MAX, filter: ['like', 'eq'] };
  }
}

/** Fields that close a form and a list: custom fields go before them. */
const TRAILING = ['remark', 'createdAt', 'updatedAt'];

/** The entity with the tenant's custom fields after its own (keys cf1, cf2 … never clash with them). */
export function withCustomFields<E extends EntityDecl>(decl: E, defs: readonly CustomFieldDef[]): E {
  if (!defs.length) return decl;
  // after the entity's own fields, before its closing remark and timestamps
  const entries = Object.entries(decl.fields);
  let at = entries.findIndex(([key]) => TRAILING.includes(key));
  if (at < 0) at = entries.length;
  const custom = defs.map((d) => [d.key, customFieldDecl(d)] as const);
  return { ...decl, fields: Object.fromEntries([...entries.slice(0, at), ...custom, ...entries.slice(at)]) };
}
