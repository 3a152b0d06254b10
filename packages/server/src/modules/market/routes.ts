import { open } from 'node:fs/promises';
import { IdQuery } from '@factory/shared/api/list';
import {
  MARKET_BASE,
  MARKET_PICTURE_URL,
  MarketCard,
  MarketDetail,
  MarketDetailAdd,
  MarketDetailListQuery,
  MarketDetailUpdate,
  MarketTypeListQuery,
  MarketTypeListResult,
} from '@factory/shared/api/market';
import { Type } from 'typebox';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
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

/**
 * The application market (spec 000 §7 Market). Every signed-in user reads the catalogue; only the
 * provider's own tenant changes it, and there only users holding the page's button keys.
 *
 * Not here: the spec also lists getDeviceParametersRecord and getDeviceParametersRecordTrend under
 * market/private/. They read device parameter readings, which this product does not collect yet,
 * so they stay out rather than answer invented data.
 */
const TYPE = `${MARKET_BASE}marketType/`;
const DETAIL = `${MARKET_BASE}marketDetail/`;

const MIME = { png: 'image/png', jpg: 'image/jpeg' } as const;

export const marketRoutes = [
  route({
    method: 'GET',
    url: `${TYPE}getMarketTypeList`,
    summary: '应用市场：按页签（searchVal 的 tableId）与应用名称关键字列出应用分组及其应用',
    access: { session: true },
    query: MarketTypeListQuery,
    result: MarketTypeListResult,
    handler: ({ tx, query }) => listMarketTypes(tx, query),
  }),
  route({
    method: 'GET',
    url: `${DETAIL}getMarketDetailList`,
    summary: '应用列表（searchVal：tableId、marketTypeId、name）',
    access: { session: true },
    query: MarketDetailListQuery,
    result: Type.Array(MarketCard),
    handler: ({ tx, query }) => listMarketDetails(tx, query.searchVal),
  }),
  route({
    method: 'GET',
    url: `${DETAIL}getMarketDetailDetail`,
    summary: '应用详情（含介绍与付费方式）',
    access: { session: true },
    query: IdQuery,
    result: MarketDetail,
    handler: ({ tx, query }) => getMarketDetail(tx, query.id),
  }),
  route({
    method: 'POST',
    url: `${DETAIL}addMarketDetail`,
    summary: '新增应用（仅服务商）：图片为本企业上传的图片，复制为所有企业可见的应用图片',
    access: { keys: ['ApplyMarketAdd'], provider: true },
    body: MarketDetailAdd,
    result: MarketDetail,
    handler: ({ tx, services, session, body }) =>
      withPictureCopies((copies) =>
        addMarketDetail(tx, filesRoot(services.config.dataDir), session.userId, body, copies),
      ),
  }),
  route({
    method: 'PUT',
    url: `${DETAIL}updateOne`,
    summary: '修改应用介绍与付费方式（仅服务商；富文本经清理后保存）',
    access: { keys: ['applyDetailsModify', 'ApplyMarketModify'], provider: true },
    body: MarketDetailUpdate,
    result: MarketDetail,
    handler: ({ tx, services, session, body }) =>
      withPictureCopies((copies) =>
        updateMarketDetail(tx, filesRoot(services.config.dataDir), session.userId, body, copies),
      ),
  }),
  route({
    method: 'DELETE',
    url: `${DETAIL}deleteOne`,
    summary: '删除应用（仅服务商）',
    access: { keys: ['applyDetailsDel', 'ApplyMarketDel'], provider: true },
    query: IdQuery,
    handler: ({ tx, session, query }) => deleteMarketDetail(tx, session.userId, query.id),
  }),
  route({
    method: 'GET',
    url: `${MARKET_PICTURE_URL}/:id`,
    summary: '应用图片（公开：应用目录对所有企业可见，无需令牌）',
    access: { public: true },
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
