/**
 * The error catalogue (spec 000 §8), defined once. Codes 0, 2, 5 and 6 mean what the spec says;
 * the others are ours. Each code has the HTTP status the server answers with and a default
 * Chinese message for when a handler gives none.
 */
export const ErrorCode = {
  ok: 0,
  validation: 1,
  unauthenticated: 2,
  forbidden: 3,
  notFound: 4,
  referenced: 5,
  reload: 6,
  conflict: 7,
  rateLimited: 8,
  internal: 9,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export const errorHttpStatus: Record<ErrorCodeValue, number> = {
  0: 200,
  1: 422,
  2: 401,
  3: 403,
  4: 404,
  5: 409,
  6: 409,
  7: 409,
  8: 429,
  9: 500,
};

export const errorDefaultMessage: Record<ErrorCodeValue, string> = {
  0: '',
  1: '提交的数据有误，请检查后重试',
  2: 'Token认证失败，请重新登录',
  3: '没有权限执行此操作',
  4: '请求的资源不存在',
  5: '该数据已被引用，不允许删除',
  6: '数据已变化，请刷新页面后重试',
  7: '数据冲突，请刷新后重试',
  8: '操作过于频繁，请稍后再试',
  9: '服务器内部错误，请稍后重试',
};

/** The reference refusal the web client hands to the caller without a toast (spec 000 §8). */
export const PROCEDURE_IN_USE_MESSAGE = '该工序已被工艺路线使用，不允许删除';

/** Messages the client shows on its own (spec 000 §8). */
export const clientMessages = {
  tokenFailed: 'Token认证失败，请重新登录',
  network: '网络请求异常，请稍后重试',
  guardFailed: 'Has Error',
  noData: '暂无数据',
} as const;

export interface FieldError {
  field: string;
  message: string;
}
