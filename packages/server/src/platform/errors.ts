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
