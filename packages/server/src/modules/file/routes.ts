import { open, rm } from 'node:fs/promises';
import { fileApi, fileUrl } from '@factory/shared/api/file';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { handle } from '../../platform/route.ts';
import { resolveSession, TOKEN_HEADER } from '../../platform/session.ts';
import {
  accept,
  contentDisposition,
  filesRoot,
  findFile,
  MULTIPART_LIMITS,
  receiveUpload,
  recordFile,
  storedPath,
} from './service.ts';

/**
 * Registers the multipart parser on the app (call it before the routes are registered). Only
 * routes that read `req.parts()` consume a multipart body; the limits here are the defaults for
 * any that do, and the upload passes its own.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A single `bytes=` range (video players ask for them); anything else is served whole. */
function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'bad' | undefined {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? 'bad' : { start, end };
}

export const fileRoutes = [
  handle(fileApi.upload, {
    // the upload streams before any database work: no transaction is held open meanwhile
    tx: false,
    handler: async ({ req, services, session, query }) => {
      const kind = query.kind ?? 'image';
      const root = filesRoot(services.config.dataDir);
      const received = await receiveUpload(req, kind, root);
      const stored = await accept(received, kind, root, session.tenantId);
      try {
        await services.inTenantOf(session.tenant.memberCode, (tx) => recordFile(tx, session.userId, stored));
      } catch (error) {
        await rm(storedPath(root, stored.storageKey), { force: true });
        throw error;
      }
      return fileUrl(stored.id);
    },
  }),
  handle(fileApi.get, {
    tx: false,
    handler: async ({ req, reply, services, query }) => {
      const header = req.headers[TOKEN_HEADER];
      const session = await resolveSession(services, typeof header === 'string' ? header : query.token);
      const { id } = req.params as { id: string };
      if (!UUID.test(id)) throw notFound('文件');
      // row-level security: another tenant's file is simply not found
      const row = await services.inTenantOf(session.tenant.memberCode, (tx) =>
        findFile(tx, id.toLowerCase()),
      );
      if (!row) throw notFound('文件');
      const etag = `"${row.id}"`;
      const common = {
        'Cache-Control': 'private, max-age=31536000, immutable',
        ETag: etag,
        'X-Content-Type-Options': 'nosniff',
      };
      if (req.headers['if-none-match'] === etag) return reply.code(304).headers(common).send();
      const root = filesRoot(services.config.dataDir);
      const fh = await open(storedPath(root, row.storageKey), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        req.log.warn({ fileId: row.id }, 'stored file missing on disk');
        throw notFound('文件');
      });
      try {
        const { size } = await fh.stat();
        const range = byteRange(req.headers.range, size);
        reply.headers({
          ...common,
          'Content-Type': row.mime,
          // the type verified at upload; nosniff (above) keeps the browser to it
          'Content-Disposition': contentDisposition(row.originalName, row.mime),
          'Last-Modified': row.createdAt.toUTCString(),
          'Accept-Ranges': 'bytes',
        });
        if (range === 'bad') {
          await fh.close();
          return reply
            .code(416)
            .headers({ 'Content-Range': `bytes */${size}`, 'Content-Type': 'text/plain' })
            .send('');
        }
        const { start, end } = range ?? { start: 0, end: size - 1 };
        if (range) reply.code(206).header('Content-Range', `bytes ${start}-${end}/${size}`);
        reply.header('Content-Length', String(end - start + 1));
        // the stream closes the handle when it ends, fails or is destroyed
        return reply.send(fh.createReadStream({ start, end }));
      } catch (error) {
        await fh.close().catch(() => {});
        throw error;
      }
    },
  }),
];
