import { type TSchema, Type } from 'typebox';
import type { FieldDecl } from './define.ts';

/**
 * The TypeBox schema of one declared field, so request schemas come from the declaration: labels
 * become titles (the server's Chinese messages use them), limits and patterns carry over.
 * Optional fields also accept '' and null (a cleared form input).
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
        ...(f.pattern ? { pattern: f.pattern.source } : {}),
        ...(f.type === 'date' || f.type === 'datetime'
          ? { format: f.type === 'date' ? 'date' : 'date-time' }
          : {}),
      });
  }
  return required ? schema : Type.Optional(Type.Union([schema, Type.Literal(''), Type.Null()]));
}
