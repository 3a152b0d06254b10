import type { Envelope } from '@factory/shared/api/envelope';
import {
  clientMessages,
  ErrorCode,
  type FieldError,
  PROCEDURE_IN_USE_MESSAGE,
} from '@factory/shared/api/errors';
import { session } from './session.ts';

/**
 * The one request client every page uses: token header, the envelope, and the error catalogue of
 * spec 000 §8. Pages get the result or a rejected ApiError; messages are shown here, once.
 */
export const API_BASE = '/api/web/v1/';
export const TOKEN_EXPIRED_REDIRECT_MS = 1500;
export const RELOAD_AFTER_MS = 2000;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly result: unknown = null,
    /** The whole envelope, for callers that handle a refusal themselves (code 5). */
    readonly envelope?: Envelope,
    /** True when no message was shown, so the caller must explain. */
    readonly silent = false,
  ) {
    super(message);
  }
  /** Field errors of a code-1 refusal, for forms. */
  get fields(): FieldError[] {
    return Array.isArray(this.result)
      ? (this.result as FieldError[]).filter((f) => f && typeof f.field === 'string')
      : [];
  }
}

export interface Effects {
  error(message: string): void;
  /** Leaves for the login page (code 2). */
  toLogin(): void;
  reload(): void;
  setTimeout(fn: () => void, ms: number): unknown;
}

let effects: Effects = {
  error: (m) => console.error(m),
  toLogin: () => window.location.assign('/login'),
  reload: () => window.location.reload(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
};

/** The app installs antd's message and the router here; tests install spies. */
export function installEffects(e: Partial<Effects>): void {
  effects = { ...effects, ...e };
}

/** Requests in flight; the router aborts them on every navigation (spec 000 §2). */
const pending = new Set<AbortController>();
export function abortPending(): void {
  for (const c of pending) c.abort();
  pending.clear();
}

const resultText = (result: unknown, fallback: string) =>
  typeof result === 'string' && result
    ? result
    : Array.isArray(result) && result.every((r) => typeof r === 'string') && result.length
      ? result.join(',')
      : fallback;

let expiring = false;

/**
 * Applies spec 000 §8 to an envelope: the result on code 0, otherwise a shown message and a
 * rejection. `quiet`: the caller shows the refusal itself (a silent ApiError, no toast); an expired
 * session and a reload still act as everywhere.
 */
export function handleEnvelope<T>(env: Envelope<T>, quiet = false): T {
  const { errorCode, result, errorMsg } = env;
  if (errorCode === ErrorCode.ok) return result;
  if (errorCode === ErrorCode.unauthenticated) {
    if (!expiring) {
      expiring = true;
      effects.error(clientMessages.tokenFailed);
      // the user reads the message on the page they were on; clearing the session earlier would
      // let the guard leave for /login at once
      effects.setTimeout(() => {
        expiring = false;
        session().clear();
        effects.toLogin();
      }, TOKEN_EXPIRED_REDIRECT_MS);
    }
    throw new ApiError(clientMessages.tokenFailed, errorCode, result, env as Envelope);
  }
  if (errorCode === ErrorCode.referenced && result === PROCEDURE_IN_USE_MESSAGE) {
    throw new ApiError(PROCEDURE_IN_USE_MESSAGE, errorCode, result, env as Envelope, true);
  }
  if (errorCode === ErrorCode.reload) {
    const text = resultText(result, errorMsg);
    effects.error(text);
    effects.setTimeout(() => effects.reload(), RELOAD_AFTER_MS);
    throw new ApiError(text, errorCode, result, env as Envelope);
  }
  const text = resultText(result, errorMsg) || '操作失败';
  if (quiet) throw new ApiError(text, errorCode, result, env as Envelope, true);
  effects.error(text);
  throw new ApiError(text, errorCode, result, env as Envelope);
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Survives navigation (session-level calls such as user info). */
  keep?: boolean;
  /** The caller shows refusals and network failures itself (a form's own alert): no toast. */
  quiet?: boolean;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = API_BASE + path;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  const controller = new AbortController();
  if (!opts.keep) pending.add(controller);
  opts.signal?.addEventListener('abort', () => controller.abort());
  const { token } = session();
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      signal: controller.signal,
      headers: {
        ...(token ? { token } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
  } catch (err) {
    pending.delete(controller);
    if (controller.signal.aborted) throw err;
    if (!opts.quiet) effects.error(clientMessages.network);
    throw new ApiError(clientMessages.network, -1, null, undefined, !!opts.quiet);
  }
  pending.delete(controller);
  let env: Envelope<T>;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch (err) {
    // left while the answer was still arriving (the page changed): nothing to tell anyone
    if (controller.signal.aborted) throw err;
    if (!opts.quiet) effects.error(clientMessages.network);
    throw new ApiError(clientMessages.network, -1, null, undefined, !!opts.quiet);
  }
  return handleEnvelope(env, opts.quiet);
}
