import { type Static, type TObject, type TSchema, type TUnsafe, Type } from 'typebox';
import type { AnyEnum, EnumValue } from '../enums/defineEnum.ts';
import { CustomValues } from './custom.ts';
import { bodyKey, type EntityDecl, type FieldDecl, formFields } from './define.ts';

/*
 * The static types of the schemas below, read from the declaration's const-typed fields: the
 * schemas are built at run time, so the type checker cannot read them. A declaration widened to
 * `EntityDecl` (generic code) gives rows of `id` and unknown values, and bodies of unknown values.
 */

/** A field's value from its declared type; unknown where the type is only known as `FieldType`. */
export type FieldValue<F extends FieldDecl> = F extends { type: 'enum'; enum: infer E extends AnyEnum }
  ? EnumValue<E>
  : F['type'] extends 'integer' | 'number'
    ? number
    : F['type'] extends 'boolean'
      ? boolean
      : F['type'] extends 'string' | 'text' | 'date' | 'datetime'
        ? string
        : unknown;

type Fields = Record<string, FieldDecl>;
/** Adds nothing to an intersection (a missing extra or custom part). */
type None = Record<never, never>;
type Simplify<T> = { -readonly [K in keyof T]: T[K] } & {};
/** Whether a declaration's fields are known by name (not widened to `EntityDecl`). */
type Known<E extends EntityDecl> = string extends keyof E['fields'] ? false : true;
/** The values of an `extraRow` / `extraBody` (Type.Optional entries optional). */
type Extra<X> = X extends Record<string, TSchema> ? Static<TObject<X>> : None;
type Custom = Static<typeof CustomValues>;
/** The id beside a reference's name (`areaId` with `areaName`); none where its name is not a literal. */
type RefIdKey<F> = F extends { ref: { idField: infer I extends string } }
  ? string extends I
    ? never
    : I
  : never;

type FieldsRow<F extends Fields> = { id: number } & {
  [K in Exclude<keyof F, 'id'>]: FieldValue<F[K]> | null;
} & { -readonly [K in keyof F as RefIdKey<F[K]>]: number | null };

/** A row of the entity's list, detail and select calls, as `rowSchema` builds it. */
export type RowOf<E extends EntityDecl> =
  Known<E> extends true
    ? Simplify<
        Omit<FieldsRow<E['fields']>, keyof RowExtra<E>> &
          RowExtra<E> &
          (E extends { customFields: true } ? { custom: Custom } : None)
      >
    : { id: number } & Record<string, unknown>;
type RowExtra<E> = Extra<E extends { extraRow: infer X } ? X : undefined>;

/** A form field's body key when it is (R true) or is not (R false) required. */
type BodyKey<K, F, R extends boolean> = F extends { readOnly: true } | { form: false }
  ? never
  : (F extends { required: true } ? true : false) extends R
    ? F extends { ref: { idField: infer I extends string } }
      ? I
      : K
    : never;
/** A required form field's value in a body: a reference as its id. */
type BodyValue<F extends FieldDecl> = F extends { ref: object } ? number : FieldValue<F>;
/** An optional one also takes null, and '' where the runtime schema does (texts, text enums, ids). */
type OptionalBodyValue<F extends FieldDecl> = F extends { ref: object }
  ? number | null | ''
  : FieldValue<F> | null | (FieldValue<F> extends string ? '' : never);

type FormBody<F extends Fields> = { -readonly [K in keyof F as BodyKey<K, F[K], true>]: BodyValue<F[K]> } & {
  -readonly [K in keyof F as BodyKey<K, F[K], false>]?: OptionalBodyValue<F[K]>;
};
type AddBodyOf<E extends EntityDecl> = FormBody<E['fields']> &
  Extra<E extends { extraBody: infer X } ? X : undefined> &
  (E extends { customFields: true } ? { custom?: Custom } : None) &
  (E extends { lines: { fields: infer L extends Fields } } ? { lines: Simplify<FormBody<L>>[] } : None);

/** A line of a document's detail (`EntityDecl.lines`): `id`, its fields and the ids of its references. */
export type LineRowOf<E extends EntityDecl> = E extends { lines: { fields: infer L extends Fields } }
  ? string extends keyof L
    ? { id: number } & Record<string, unknown>
    : Simplify<FieldsRow<L>>
  : never;
/** A line of a document's add and update bodies. */
export type LineBodyOf<E extends EntityDecl> = E extends { lines: { fields: infer L extends Fields } }
  ? string extends keyof L
    ? Record<string, unknown>
    : Simplify<FormBody<L>>
  : never;
/** The detail of an entity: its row, and its lines when it is a document with lines. */
export type DetailOf<E extends EntityDecl> = E extends { lines: object }
  ? RowOf<E> & { lines: LineRowOf<E>[] }
  : RowOf<E>;

/** The body of the entity's add call, as `bodySchemas` builds it. */
export type AddBody<E extends EntityDecl> =
  Known<E> extends true ? Simplify<AddBodyOf<E>> : Record<string, unknown>;
/** The body of its update call: `id` and any subset of the rest. */
export type UpdateBody<E extends EntityDecl> =
  Known<E> extends true ? Simplify<{ id: number } & Partial<AddBodyOf<E>>> : Record<string, unknown>;

/**
 * The TypeBox schema of one declared field, so request schemas come from the declaration: labels
 * become titles (the server's Chinese messages use them), limits and patterns carry over.
 * Optional fields also accept '' and null (a cleared form input), both meaning empty.
 */
export function fieldSchema(f: FieldDecl, required = f.required ?? false): TSchema {
  let schema: TSchema;
  switch (f.type) {
    case 'integer':
      schema = Type.Integer({ title: f.label, minimum: f.min, maximum: f.max });
      break;
    case 'number':
      schema = Type.Number({ title: f.label, minimum: f.min, maximum: f.max });
      break;
    case 'boolean':
      schema = Type.Boolean({ title: f.label });
      break;
    case 'enum':
      // each branch titled too: a refusal names the field by the branch it failed, not by its key
      schema = Type.Union(
        (f.enum?.items ?? []).map((i) => Type.Literal(i.value, { title: f.label })),
        { title: f.label },
      );
      break;
    default:
      schema = Type.String({
        title: f.label,
        maxLength: f.maxLength,
        ...(required ? { minLength: 1 } : {}),
        ...(f.pattern ? { pattern: f.pattern.source, patternMessage: f.pattern.message } : {}),
        ...(f.type === 'date' || f.type === 'datetime'
          ? { format: f.type === 'date' ? 'date' : 'date-time' }
          : {}),
      });
  }
  if (required) return schema;
  if (f.type === 'string' || f.type === 'text' || f.type === 'date' || f.type === 'datetime')
    return Type.Optional(Type.Union([schema, Type.Literal(''), Type.Null()]));
  // null as a second JSON type, not an anyOf branch: the server coerces types, and in an anyOf the
  // number branch would turn null into 0 (a cleared number stored as 0, a cleared enum as its 0)
  if (f.type === 'enum') {
    const values = (f.enum?.items ?? []).map((i) => i.value);
    const numeric = typeof values[0] === 'number';
    return Type.Optional(
      Type.Unsafe({
        title: f.label,
        type: [numeric ? 'integer' : 'string', 'null'],
        enum: [...new Set<unknown>([...values, ...(numeric ? [] : ['']), null])],
      }),
    );
  }
  return Type.Optional(Type.Unsafe({ ...schema, type: [(schema as { type: string }).type, 'null'] }));
}

const nullable = (s: TSchema) => Type.Union([s, Type.Null()]);

/** A field's value as rows carry it (always present, null when empty). */
function valueSchema(f: FieldDecl): TSchema {
  switch (f.type) {
    case 'integer':
      return nullable(Type.Integer());
    case 'number':
      return nullable(Type.Number());
    case 'boolean':
      return nullable(Type.Boolean());
    case 'enum':
      return nullable(typeof f.enum?.items[0]?.value === 'number' ? Type.Integer() : Type.String());
    default:
      return nullable(Type.String());
  }
}

/**
 * The row of an entity's list, detail and select calls, from its declaration: `id`, every field,
 * the id beside each reference's name (`areaId` with `areaName`), what a module shows beyond its
 * fields (`extraRow`, e.g. `procedureIds`) and the tenant's custom values.
 */
export function rowSchema<E extends EntityDecl>(decl: E): TUnsafe<RowOf<E>> {
  const props: Record<string, TSchema> = { id: Type.Integer() };
  for (const [key, f] of Object.entries(decl.fields)) {
    if (key === 'id') continue;
    props[key] = valueSchema(f);
    if (f.ref?.idField) props[f.ref.idField] = nullable(Type.Integer());
  }
  const extra = { ...decl.extraRow, ...(decl.customFields ? { custom: CustomValues } : {}) };
  // typed, not wrapped: Type.Unsafe would change the schema object
  return Type.Object({ ...props, ...extra }) as TSchema as TUnsafe<RowOf<E>>;
}

/** The detail of an entity: its row, with `lines` for a document with lines. */
export function detailSchema<E extends EntityDecl>(decl: E): TUnsafe<DetailOf<E>> {
  const row = rowSchema(decl) as TSchema as TObject;
  if (!decl.lines) return row as TSchema as TUnsafe<DetailOf<E>>;
  const props: Record<string, TSchema> = { id: Type.Integer() };
  for (const [key, f] of Object.entries(decl.lines.fields)) {
    if (key === 'id') continue;
    props[key] = valueSchema(f);
    if (f.ref?.idField) props[f.ref.idField] = nullable(Type.Integer());
  }
  return Type.Object({
    ...row.properties,
    lines: Type.Array(Type.Object(props)),
  }) as TSchema as TUnsafe<DetailOf<E>>;
}

/** A reference's id in a body: a positive integer, or null/'' when the field is optional. */
function refIdSchema(f: FieldDecl, required: boolean): TSchema {
  const id = Type.Integer({ minimum: 1, title: f.label });
  return required ? id : Type.Optional(Type.Union([id, Type.Null(), Type.Literal('')]));
}

/**
 * Request bodies of the generic add and update calls: the declaration's form fields (references
 * as ids), `extraBody` and the custom values; unknown fields refused. Update needs `id` and
 * accepts any subset of the rest.
 */
export function bodySchemas<E extends EntityDecl>(decl: E) {
  const extra: Record<string, TSchema> = {
    ...decl.extraBody,
    ...(decl.customFields ? { custom: Type.Optional(CustomValues) } : {}),
  };
  const add: Record<string, TSchema> = {};
  const update: Record<string, TSchema> = { id: Type.Integer({ minimum: 1, title: '编号' }) };
  for (const [key, f] of formFields(decl)) {
    const required = f.required ?? false;
    const k = bodyKey(key, f);
    add[k] = f.ref ? refIdSchema(f, required) : fieldSchema(f, required);
    const u = f.ref ? refIdSchema(f, required) : fieldSchema(f, required);
    update[k] = required ? Type.Optional(u) : u;
  }
  if (decl.lines) {
    // every line in full: a save replaces the document's lines
    const line: Record<string, TSchema> = {};
    for (const [key, f] of formFields(decl.lines))
      line[bodyKey(key, f)] = f.ref ? refIdSchema(f, f.required ?? false) : fieldSchema(f);
    const lines = Type.Array(Type.Object(line, { additionalProperties: false }), {
      title: decl.lines.label,
      minItems: decl.lines.min,
      maxItems: decl.lines.max,
    });
    add.lines = lines;
    update.lines = Type.Optional(lines);
  }
  return {
    add: Type.Object({ ...add, ...extra }, { additionalProperties: false }) as TSchema as TUnsafe<AddBody<E>>,
    update: Type.Object(
      {
        ...update,
        ...Object.fromEntries(Object.entries(extra).map(([k, s]) => [k, Type.Optional(s)])),
      },
      { additionalProperties: false },
    ) as TSchema as TUnsafe<UpdateBody<E>>,
  };
}
