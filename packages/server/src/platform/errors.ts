import {
  ErrorCode,
  type ErrorCodeValue,
  errorDefaultMessage,
  type FieldError,
} from '@factory/shared/api/errors';

/** A refusal the user should read: becomes the envelope {errorCode, result, errorMsg}. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message?: string,
    readonly result: unknown = null,
  ) {
    super(message ?? errorDefaultMessage[code]);
  }
}

export const invalid = (message: string, fields: FieldError[] = []) =>
  new AppError(ErrorCode.validation, message, fields);
export const fieldError = (field: string, message: string) => invalid(message, [{ field, message }]);
export const unauthenticated = (message?: string) => new AppError(ErrorCode.unauthenticated, message);
export const forbidden = (message?: string) => new AppError(ErrorCode.forbidden, message);
export const notFound = (what = '数据') => new AppError(ErrorCode.notFound, `${what}不存在或已被删除`);
export const conflict = (message: string, field?: string) =>
  new AppError(ErrorCode.conflict, message, field ? [{ field, message }] : null);
export const referenced = (message: string) => new AppError(ErrorCode.referenced, message, message);
export const rateLimited = (message: string) => new AppError(ErrorCode.rateLimited, message);

/**
 * The unique index that refused a row (PostgreSQL 23505): two users saving the same code at the
 * same moment both pass the check before the write, and the index turns the second away.
 * PostgreSQL leaves the key's values out of the error on tables with row-level security, so the
 * caller, which knows what it wrote, names the value.
 */
export function uniqueViolation(error: unknown): { constraint: string } | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return { constraint: constraint ?? '' };
  }
  return undefined;
}

/** A unique-index refusal as the conflict users read: the field and value where the caller knows them. */
export function duplicateError(
  error: unknown,
  named?: (constraint: string) => { field: string; label: string; value: unknown } | undefined,
): AppError | undefined {
  const dup = uniqueViolation(error);
  if (!dup) return undefined;
  const known = named?.(dup.constraint);
  return known
    ? conflict(`${known.label}“${String(known.value)}”已存在`, known.field)
    : conflict('数据已存在（可能刚被他人保存），请刷新后重试');
}
