import type { Envelope } from '@factory/shared/api/envelope';
import { clientMessages, ErrorCode } from '@factory/shared/api/errors';
import { encryptText } from '@factory/shared/crypto';
import { ApiError, buildUrl, handleEnvelope, type RequestOptions } from '../request.ts';
import { session } from '../session.ts';
import type { ListContext } from './types.ts';

/**
 * File transfers the JSON request client does not cover: downloads (exports, templates, error
 * lists) and multipart uploads (imports). Same token header, same envelope handling and messages.
 */
export interface TransferOptions {
  method?: 'GET' | 'POST';
  query?: RequestOptions['query'];
  /** JSON body, or FormData sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
}

/** A download is kept this long after the click; revoking at once can cut it off in some browsers. */
const REVOKE_AFTER_MS = 10_000;

/** The request client's transport failure: its message, shown through its own channel, once. */
function networkFailure(): never {
  const env: Envelope = {
    errorCode: ErrorCode.internal,
    result: clientMessages.network,
    errorMsg: clientMessages.network,
  };
  try {
    handleEnvelope(env);
  } catch {
    // shown by the client
  }
  throw new ApiError(clientMessages.network, -1);
}

async function send(path: string, opts: TransferOptions): Promise<Response> {
  const { token } = session();
  const form = opts.body instanceof FormData;
  const json = opts.body !== undefined && !form;
  try {
    return await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      signal: opts.signal,
      // multipart sets its own content type with the boundary
      headers: { ...(token ? { token } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
      body: form ? (opts.body as FormData) : json ? JSON.stringify(opts.body) : undefined,
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    return networkFailure();
  }
}

async function envelopeOf<T>(res: Response, signal?: AbortSignal): Promise<T> {
  let env: Envelope<T>;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch (err) {
    if (signal?.aborted) throw err;
    return networkFailure();
  }
  return handleEnvelope(env);
}

const isJson = (res: Response) => /\bjson\b/i.test(res.headers.get('content-type') ?? '');

/** Posts a multipart form (an import file and its fields) and answers like `request`. */
export async function postForm<T>(
  path: string,
  form: FormData,
  opts: Pick<TransferOptions, 'query' | 'signal'> = {},
): Promise<T> {
  const res = await send(path, { ...opts, method: 'POST', body: form });
  return envelopeOf<T>(res, opts.signal);
}

/** A name the browser can save under: no folders, no control characters. */
function cleanName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  return (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

/**
 * The file name of a Content-Disposition header (RFC 6266): the UTF-8 `filename*` first, as it
 * carries Chinese names intact, then the plain `filename`, else the fallback.
 */
export function fileNameOf(disposition: string | null | undefined, fallback: string): string {
  if (disposition) {
    const ext = /(?:^|;)\s*filename\*\s*=\s*utf-8'[^']*'([^;"\s]+)/i.exec(disposition);
    if (ext) {
      try {
        const name = cleanName(decodeURIComponent(ext[1]));
        if (name) return name;
      } catch {
        // malformed percent-encoding: try the plain name
      }
    }
    const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(disposition);
    if (plain) {
      const name = cleanName(plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]);
      if (name) return name;
    }
  }
  return fallback;
}

/** Saves a blob through a temporary `<a download>`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * Downloads a file the server streams (xlsx exports, templates, error lists) and saves it under
 * the name the server gives. A JSON answer is the error envelope: the request client shows it and
 * this rejects with its ApiError, as it does after showing a network failure. Resolves with the
 * saved name.
 */
export async function downloadFile(
  path: string,
  opts: TransferOptions,
  fallbackName: string,
): Promise<string | undefined> {
  const res = await send(path, opts);
  if (isJson(res)) {
    await envelopeOf(res, opts.signal);
    // a success envelope carries no file
    return undefined;
  }
  if (!res.ok) return networkFailure();
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    return networkFailure();
  }
  const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  saveBlob(blob, name);
  return name;
}

/**
 * The query of a list export (shared ExportQuery): the list's filters, encrypted as the list sends
 * them, its order, and the visible columns in their order.
 */
export async function exportQuery(ctx: Pick<ListContext<unknown>, 'filters' | 'order' | 'columns'>) {
  return {
    searchVal: ctx.filters.length ? await encryptText(JSON.stringify(ctx.filters)) : undefined,
    order: ctx.order,
    columns: ctx.columns.length ? ctx.columns.join(',') : undefined,
  };
}
