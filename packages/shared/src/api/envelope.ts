import { type Static, type TSchema, Type } from 'typebox';
import { ErrorCode, type ErrorCodeValue } from './errors.ts';

/** Every response body under /api/web/v1/ (spec 000 §7). */
export interface Envelope<T = unknown> {
  errorCode: ErrorCodeValue;
  result: T;
  errorMsg: string;
  /** Present on internal errors so a user can quote it and we can find the log line. */
  requestId?: string;
}

export const ok = <T>(result: T): Envelope<T> => ({ errorCode: ErrorCode.ok, result, errorMsg: '' });

/** Response schema of a successful call, so Fastify serialises only the declared fields. */
export const EnvelopeOf = <T extends TSchema>(result: T) =>
  Type.Object({
    errorCode: Type.Number(),
    result,
    errorMsg: Type.String(),
    requestId: Type.Optional(Type.String()),
  });

export const ErrorEnvelope = Type.Object({
  errorCode: Type.Number(),
  result: Type.Unknown(),
  errorMsg: Type.String(),
  requestId: Type.Optional(Type.String()),
});

export type ResultOf<S extends TSchema> = Static<S>;
