import { type FieldDecl, requiredMessage } from '@factory/shared/entities/define';
import type { FormInstance, FormRule } from 'antd';
import { ApiError } from '../request.ts';

const isText = (f: FieldDecl) => (f.type === 'string' || f.type === 'text') && !f.choices;

/** The type of the value a field's control holds (a reference holds an id, several choices a list). */
function valueType(f: FieldDecl): 'string' | 'number' | 'boolean' | 'array' | 'object' {
  if (f.choices) return 'array';
  if (f.ref) return 'number';
  switch (f.type) {
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return typeof f.enum?.items[0]?.value === 'number' ? 'number' : 'string';
    case 'date':
    case 'datetime':
      return 'object';
    default:
      return 'string';
  }
}

/** '请输入{label}' for inputs, '请选择{label}' for choices (spec 000 §5); also the placeholder. */
export const placeholderOf = (f: FieldDecl): string => requiredMessage(f);

/**
 * Form rules from a field's declaration: required (the placeholder's text when one is given,
 * else '请输入/请选择{label}'), length, pattern and range, so the form refuses what the server would.
 */
export function fieldRules(
  f: FieldDecl,
  opts: { placeholder?: string; required?: boolean } = {},
): FormRule[] {
  const rules: FormRule[] = [];
  if (opts.required ?? f.required)
    rules.push({
      required: true,
      // without the value's type the validator takes every value for text and refuses a number 0
      type: valueType(f),
      whitespace: isText(f),
      message: opts.placeholder ?? requiredMessage(f),
    });
  if (isText(f) && f.maxLength !== undefined)
    rules.push({ max: f.maxLength, message: `${f.label}不能超过${f.maxLength}个字符` });
  if (f.pattern) rules.push({ pattern: new RegExp(f.pattern.source), message: f.pattern.message });
  if (!isText(f) && (f.min !== undefined || f.max !== undefined)) {
    const range =
      f.min !== undefined && f.max !== undefined
        ? `应在${f.min}~${f.max}之间`
        : f.min !== undefined
          ? `不能小于${f.min}`
          : `不能大于${f.max}`;
    rules.push({ type: 'number', min: f.min, max: f.max, message: `${f.label}${range}` });
  }
  return rules;
}

/**
 * Puts a refusal's field errors (code 1, or a conflict naming a field) on the form items of the
 * same name. The request client has already shown the message; this only points at the field.
 * Returns whether any field was marked.
 */
export function showFieldErrors(form: FormInstance, err: unknown, known: readonly string[]): boolean {
  if (!(err instanceof ApiError)) return false;
  const fields = err.fields.filter((f) => known.includes(f.field));
  // 'custom.cf1' names the item ['custom', 'cf1']
  if (fields.length)
    form.setFields(
      fields.map((f) => ({
        name: f.field.includes('.') ? f.field.split('.') : f.field,
        errors: [f.message],
      })),
    );
  return fields.length > 0;
}
