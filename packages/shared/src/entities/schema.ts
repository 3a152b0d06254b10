import { type TSchema, Type } from 'typebox';
import { bodyKey, type EntityDecl, type FieldDecl, formFields } from './define.ts';

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
      schema = Type.Union(
        (f.enum?.items ?? []).map((i) => Type.Literal(i.value)),
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
 * and the id beside each reference's name (`areaId` with `areaName`). `extra` adds what a module
 * shows beyond its fields (e.g. `procedureIds`).
 */
export function rowSchema(decl: EntityDecl, extra: Record<string, TSchema> = {}) {
  const props: Record<string, TSchema> = { id: Type.Integer() };
  for (const [key, f] of Object.entries(decl.fields)) {
    if (key === 'id') continue;
    props[key] = valueSchema(f);
    if (f.ref?.idField) props[f.ref.idField] = nullable(Type.Integer());
  }
  return Type.Object({ ...props, ...extra });
}

/** A reference's id in a body: a positive integer, or null/'' when the field is optional. */
function refIdSchema(f: FieldDecl, required: boolean): TSchema {
  const id = Type.Integer({ minimum: 1, title: f.label });
  return required ? id : Type.Optional(Type.Union([id, Type.Null(), Type.Literal('')]));
}

/**
 * Request bodies of the generic add and update calls: the declaration's form fields (references
 * as ids), unknown fields refused. Update needs `id` and accepts any subset of the fields.
 */
export function bodySchemas(decl: EntityDecl, extra: Record<string, TSchema> = {}) {
  const add: Record<string, TSchema> = {};
  const update: Record<string, TSchema> = { id: Type.Integer({ minimum: 1, title: '编号' }) };
  for (const [key, f] of formFields(decl)) {
    const required = f.required ?? false;
    const k = bodyKey(key, f);
    add[k] = f.ref ? refIdSchema(f, required) : fieldSchema(f, required);
    const u = f.ref ? refIdSchema(f, required) : fieldSchema(f, required);
    update[k] = required ? Type.Optional(u) : u;
  }
  return {
    add: Type.Object({ ...add, ...extra }, { additionalProperties: false }),
    update: Type.Object(
      {
        ...update,
        ...Object.fromEntries(Object.entries(extra).map(([k, s]) => [k, Type.Optional(s)])),
      },
      { additionalProperties: false },
    ),
  };
}
