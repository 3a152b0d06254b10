import { open } from 'node:fs/promises';
import { marketApi } from '@factory/shared/api/market';
import { notFound } from '../../platform/errors.ts';
import { handle } from '../../platform/route.ts';
import { filesRoot, signature } from '../file/index.ts';
import {
  addMarketDetail,
  deleteMarketDetail,
  getMarketDetail,
  listMarketDetails,
  listMarketTypes,
  marketPicturePath,
  PICTURE_ID,
  updateMarketDetail,
  withPictureCopies,
} from './service.ts';

const MIME = { png: 'image/png', jpg: 'image/jpeg' } as const;

export const marketRoutes = [
  handle(marketApi.typeList, {
    handler: ({ tx, query }) => listMarketTypes(tx, query),
  }),
  handle(marketApi.list, {
    handler: ({ tx, query }) => listMarketDetails(tx, query.searchVal),
  }),
  handle(marketApi.detail, {
    handler: ({ tx, query }) => getMarketDetail(tx, query.id),
  }),
  handle(marketApi.add, {
    handler: ({ tx, services, session, body }) =>
      withPictureCopies((copies) =>
        addMarketDetail(tx, filesRoot(services.config.dataDir), session.userId, body, copies),
      ),
  }),
  handle(marketApi.update, {
    handler: ({ tx, services, session, body }) =>
      withPictureCopies((copies) =>
        updateMarketDetail(tx, filesRoot(services.config.dataDir), session.userId, body, copies),
      ),
  }),
  handle(marketApi.remove, {
    handler: ({ tx, session, query }) => deleteMarketDetail(tx, session.userId, query.id),
  }),
  handle(marketApi.picture, {
    // the picture's type is read from its bytes: no database work
    tx: false,
    handler: async ({ req, reply, services }) => {
      const { id } = req.params as { id: string };
      if (!PICTURE_ID.test(id)) throw notFound('图片');
      const etag = `"${id.toLowerCase()}"`;
      const common = {
        // a picture never changes under its id: a new picture gets a new id
        'Cache-Control': 'public, max-age=31536000, immutable',
        ETag: etag,
        'X-Content-Type-Options': 'nosniff',
      };
      if (req.headers['if-none-match'] === etag) return reply.code(304).headers(common).send();
      const fh = await open(marketPicturePath(filesRoot(services.config.dataDir), id), 'r').catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') throw notFound('图片');
          throw error;
        },
      );
      try {
        const head = Buffer.alloc(16);
        const { bytesRead } = await fh.read(head, 0, head.length, 0);
        const sig = signature(head.subarray(0, bytesRead));
        if (sig !== 'png' && sig !== 'jpg') throw notFound('图片');
        const { size } = await fh.stat();
        reply.headers({ ...common, 'Content-Type': MIME[sig], 'Content-Length': String(size) });
        // the stream closes the handle when it ends, fails or is destroyed
        return reply.send(fh.createReadStream({ start: 0 }));
      } catch (error) {
        await fh.close().catch(() => {});
        throw error;
      }
    },
  }),
];
