import type { FieldError } from '@factory/shared/api/errors';
import type { FastifySchemaValidationError } from 'fastify';

interface AjvishError extends FastifySchemaValidationError {
  parentSchema?: {
    title?: string;
    /** The spec's own words for an empty required field (“请选择更新日期”), where the default would differ. */
    requiredMessage?: string;
    /** The declaration's words for a value that does not match its pattern. */
    patternMessage?: string;
    properties?: Record<string, { title?: string; type?: string; requiredMessage?: string }>;
    maxLength?: number;
    minLength?: number;
    minimum?: number;
    maximum?: number;
  };
}

const typeNames: Record<string, string> = {
  string: '文本',
  number: '数字',
  integer: '整数',
  boolean: '布尔值',
  array: '列表',
  object: '对象',
  null: '空值',
};

/** Turns schema validation errors into Chinese per-field messages (spec 000 §5 wording). */
export function fieldErrors(errors: AjvishError[]): FieldError[] {
  const out: FieldError[] = [];
  for (const e of errors) {
    const params = e.params as Record<string, unknown>;
    let field = (e.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required') field = [field, String(params.missingProperty)].filter(Boolean).join('.');
    if (e.keyword === 'additionalProperties')
      field = [field, String(params.additionalProperty)].filter(Boolean).join('.');
    const label = e.parentSchema?.title ?? (field || '请求内容');
    let message: string;
    switch (e.keyword) {
      case 'required': {
        // the missing field's own title: '请输入名称' for text, '请选择…' for a choice or an id
        const prop = e.parentSchema?.properties?.[String(params.missingProperty)];
        message =
          prop?.requiredMessage ??
          (prop?.title
            ? `${prop.type === 'string' ? '请输入' : '请选择'}${prop.title}`
            : `缺少必填项：${field}`);
        break;
      }
      case 'additionalProperties':
        message = `不支持的字段：${field}`;
        break;
      case 'type': {
        // an optional field's type is [type, 'null']: name the type, not its emptiness
        const type = String(params.type).split(',')[0];
        message = `${label}的类型应为${typeNames[type] ?? type}`;
        break;
      }
      case 'minLength':
        message =
          Number(params.limit) === 1
            ? (e.parentSchema?.requiredMessage ?? `请输入${label}`)
            : `${label}至少${params.limit}个字符`;
        break;
      case 'maxLength':
        message = `${label}不能超过${params.limit}个字符`;
        break;
      case 'minimum':
        message = `${label}不能小于${params.limit}`;
        break;
      case 'maximum':
        message = `${label}不能大于${params.limit}`;
        break;
      case 'exclusiveMinimum':
        message = `${label}必须大于${params.limit}`;
        break;
      case 'enum':
      case 'const':
      case 'anyOf':
        message = `${label}的取值无效`;
        break;
      case 'pattern':
        message = e.parentSchema?.patternMessage ?? `${label}的格式不正确`;
        break;
      case 'format':
        message = `${label}的格式不正确`;
        break;
      case 'safeText':
        message = `${label}含有无法保存的字符`;
        break;
      case 'formatMinimum':
      case 'formatExclusiveMinimum':
        message = `${label}不能早于${params.limit}`;
        break;
      case 'formatMaximum':
      case 'formatExclusiveMaximum':
        message = `${label}不能晚于${params.limit}`;
        break;
      case 'minItems':
        message = `${label}至少需要${params.limit}项`;
        break;
      case 'maxItems':
        message = `${label}最多${params.limit}项`;
        break;
      default:
        message = `${label}无效`;
    }
    // a document's line ('lines.2.quantity', EntityDecl.lines): the row and the column named, as its table says it
    const line = /^lines\.(\d+)\./.exec(field);
    if (line) {
      const row = `第${Number(line[1]) + 1}行`;
      message = message.startsWith(label)
        ? `${row}“${label}”${message.slice(label.length)}`
        : `${row}：${message}`;
    }
    if (!out.some((o) => o.field === field && o.message === message)) out.push({ field, message });
  }
  return out;
}
