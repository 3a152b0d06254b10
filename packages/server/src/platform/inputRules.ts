import type { Duplex } from 'node:stream';
import { ErrorCode } from '@factory/shared/api/errors';
import { parseFactoryTime } from '@factory/shared/factoryTime';
import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type Ajv from 'ajv';
import type { FastifySchema } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';

/**
 * What every endpoint's input must satisfy beyond its declaration, so a value the database cannot
 * hold is a clear 422 naming the field instead of a 500 from PostgreSQL — for every endpoint, the
 * ones to come included:
 * - integers fit PostgreSQL's integer unless declared wider (bigint ids declare their maximum);
 * - numbers fit numeric(18, 6), the quantities' type;
 * - text holds no NUL byte (PostgreSQL refuses it) and no lone surrogate (it would be stored as �);
 * - dates and times lie between 1900 and 2999;
 * - JSON bodies are taken as typed: "12", true or [12] is no id. Only query strings, which are
 *   text by nature, are coerced.
 */
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
/** numeric(18, 6) holds 12 digits before the point. */
const NUMBER_LIMIT = 999_999_999_999;
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '2999-12-31';

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what it looks for
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type JsonSchema = Record<string, unknown>;

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];

const hasBound = (schema: JsonSchema, side: 'minimum' | 'maximum') =>
  schema[side] !== undefined ||
  schema[side === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'] !== undefined;

/** The schema with the rules above added where the declaration says nothing narrower. */
function harden(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(harden);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema))
    out[key] = key === 'const' || key === 'default' || key === 'enum' ? value : harden(value);
  const types = typesOf(out);
  const numeric = types.includes('integer')
    ? [INT_MIN, INT_MAX]
    : types.includes('number')
      ? [-NUMBER_LIMIT, NUMBER_LIMIT]
      : undefined;
  if (numeric) {
    if (!hasBound(out, 'minimum')) out.minimum = numeric[0];
    if (!hasBound(out, 'maximum')) out.maximum = numeric[1];
  }
  if (types.includes('string')) {
    out.safeText = true;
    if (out.format === 'date' || out.format === 'date-time') {
      out.formatMinimum ??= out.format === 'date' ? FIRST_DAY : `${FIRST_DAY}T00:00:00Z`;
      out.formatMaximum ??= out.format === 'date' ? LAST_DAY : `${LAST_DAY}T23:59:59Z`;
    }
  }
  return out;
}

const hardened = new WeakMap<object, unknown>();
const hardenOnce = (schema: FastifySchema): unknown => {
  let done = hardened.get(schema);
  if (!done) {
    done = harden(schema);
    hardened.set(schema, done);
  }
  return done;
};

/** The keywords the rules add (ajv plugin). */
export function inputKeywords(ajv: Ajv): Ajv {
  // forms send the factory's clock ('2026-12-31 17:00:00'); RFC 3339 with a zone is taken too
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (text: string) => parseFactoryTime(text) !== undefined,
    compare: (a: string, b: string) => {
      const x = parseFactoryTime(a)?.getTime() ?? Number.NaN;
      const y = parseFactoryTime(b)?.getTime() ?? Number.NaN;
      return x < y ? -1 : x > y ? 1 : 0;
    },
  });
  ajv.addKeyword({
    keyword: 'safeText',
    type: 'string',
    schemaType: 'boolean',
    validate: (on: boolean, value: string) => !on || !UNSAFE_TEXT.test(value),
  });
  return ajv;
}

type RouteCompiler = (route: FastifyRouteSchemaDef<FastifySchema>) => unknown;

/**
 * Fastify's validator factory with the rules above: one compiler that coerces (query strings,
 * params, headers) and one that does not (bodies), both compiling the hardened schemas. (Fastify
 * calls the compiler with the route, not the bare schema its types name.)
 */
export const buildValidator: BuildCompilerFromPool = (externalSchemas, options) => {
  const factory = AjvCompiler();
  const compilerOf = (customOptions: object) =>
    factory(externalSchemas, { ...options, customOptions } as never) as unknown as RouteCompiler;
  const coercing = compilerOf({ ...options?.customOptions });
  const typed = compilerOf({ ...options?.customOptions, coerceTypes: false });
  const compile: RouteCompiler = (route) =>
    (route.httpPart === 'body' ? typed : coercing)({
      ...route,
      schema: hardenOnce(route.schema) as FastifySchema,
    });
  return compile as never;
};

const CLIENT_ERRORS: Record<string, [status: number, text: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', '请求头或地址过长'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', '请求超时，请重试'],
};

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers or URL over the limit, a
 * broken request line): answered with the envelope in Chinese, like every other refusal.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad Request', '请求格式不正确'];
  const body = JSON.stringify({ errorCode: ErrorCode.validation, result: null, errorMsg: message });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}
