import { FILE_UPLOAD_URL } from '@factory/shared/api/file';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../platform/route.ts';

/** One part of a multipart/form-data body: a plain field, or a file when `filename` is given. */
export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, for app.inject (no form-data dependency). */
export function multipart(parts: Part[]) {
  const boundary = `----vitest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const type = p.filename === undefined ? '' : `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The parts POSTed to the upload endpoint as the web's uploader does (`?kind=`); the raw answer. */
export function injectUpload(
  app: FastifyInstance,
  parts: Part[],
  opts: { token?: string | null; kind?: string } = {},
) {
  const { payload, headers } = multipart(parts);
  return app.inject({
    method: 'POST',
    url: `${API_PREFIX}${FILE_UPLOAD_URL}`,
    query: opts.kind ? { kind: opts.kind } : undefined,
    headers: { ...headers, ...(opts.token ? { token: opts.token } : {}) },
    payload,
  });
}
