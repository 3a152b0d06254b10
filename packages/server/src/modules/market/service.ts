import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { FILE_GET_URL } from '@factory/shared/api/file';
import type { FilterItem } from '@factory/shared/api/list';
import {
  MARKET_PICTURE_URL,
  MARKET_TABS,
  type MarketCard,
  type MarketCategory,
  type MarketDetail,
  type MarketDetailAdd,
  type MarketDetailUpdate,
  marketMessages,
  marketPictureUrl,
  marketTabName,
} from '@factory/shared/api/market';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import { audit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { decodeSearchVal, type ListFields, listFields, whereOf } from '../../platform/list.ts';
import { findFile, storedPath } from '../file/index.ts';
import { sanitizeRichText } from './richText.ts';
import { marketDetails, marketPictures, marketTypes } from './schema.ts';

/**
 * The market's reads and the provider's writes. The tables are global (no tenant_id): every
 * tenant reads the same catalogue; the routes let only the provider's tenant write it.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const PICTURE_ID = new RegExp(`^${UUID}$`, 'i');
/** The caller's own upload, as the upload answered it (an editor may have added ?token= to show it). */
const UPLOAD_URL = new RegExp(`^/api/web/v1/${FILE_GET_URL}/(${UUID})(?:\\?[^"]*)?$`, 'i');
const PICTURE_URL = new RegExp(`^/api/web/v1/${MARKET_PICTURE_URL}/(${UUID})$`, 'i');
/** Image sources in sanitised HTML (sanitize-html always writes attributes double-quoted). */
const IMG_SRC = /(<img\b[^>]*?\bsrc=")([^"]*)(")/gi;

/** Market pictures live in the files directory under market/<id>, beside the tenants' folders. */
export const marketPicturePath = (root: string, id: string) => storedPath(root, `market/${id.toLowerCase()}`);

/** getMarketTypeList filters groups by tab only; its keyword looks at the applications' names. */
const tabFields: ListFields = {
  tableId: { column: marketTypes.tableId, type: 'number', filter: ['eq', 'in'] },
};
const nameFields = listFields({
  name: { column: marketDetails.name, type: 'string', filter: ['like'] },
});
const detailFields: ListFields = {
  ...tabFields,
  ...nameFields,
  marketTypeId: { column: marketDetails.marketTypeId, type: 'number', filter: ['eq', 'in'] },
};

const cardColumns = {
  id: marketDetails.id,
  marketTypeId: marketDetails.marketTypeId,
  name: marketDetails.name,
  description: marketDetails.description,
  cost: marketDetails.cost,
  picture: marketDetails.picture,
};
const cardOf = <R extends { cost: string }>(row: R) => ({ ...row, cost: Number(row.cost) });
const typeOrder = [asc(marketTypes.tableId), asc(marketTypes.sort), asc(marketTypes.id)];
const cardOrder = [asc(marketDetails.sort), asc(marketDetails.id)];

/** getMarketTypeList: the asked tabs (all ten when no tableId filter) with their groups and applications. */
export async function listMarketTypes(
  tx: Tx,
  query: { searchVal?: string; searchKeyword?: string },
): Promise<MarketCategory[]> {
  const filters = await decodeSearchVal(query.searchVal);
  const typeWhere = whereOf(tabFields, filters);
  const keyword = query.searchKeyword?.trim();
  const nameWhere = keyword
    ? whereOf(nameFields, [{ fieldName: 'name', operator: 'like', fieldValue: keyword }])
    : undefined;
  const types = await tx
    .select({ id: marketTypes.id, tableId: marketTypes.tableId, name: marketTypes.name })
    .from(marketTypes)
    .where(typeWhere)
    .orderBy(...typeOrder);
  const cards = types.length
    ? await tx
        .select(cardColumns)
        .from(marketDetails)
        .where(
          and(
            inArray(
              marketDetails.marketTypeId,
              types.map((t) => t.id),
            ),
            nameWhere,
          ),
        )
        .orderBy(...cardOrder)
    : [];
  const byType = new Map<number, MarketCard[]>();
  for (const card of cards.map(cardOf)) {
    const list = byType.get(card.marketTypeId) ?? [];
    list.push(card);
    byType.set(card.marketTypeId, list);
  }
  return askedTabs(filters).map((tableId) => ({
    tableId,
    tableName: marketTabName(tableId),
    marketTypeList: types
      .filter((t) => t.tableId === tableId)
      .map((t) => ({ ...t, marketDetailList: byType.get(t.id) ?? [] }))
      // a search shows only the groups it found something in
      .filter((t) => !keyword || t.marketDetailList.length > 0),
  }));
}

/** The tabs a tableId filter names (checked by whereOf already), or all ten; a tab with no group yet is answered too. */
function askedTabs(filters: FilterItem[]): number[] {
  let tabs = MARKET_TABS.map((_, i) => i + 1);
  for (const f of filters) {
    if (f.fieldName !== 'tableId') continue;
    const values = (Array.isArray(f.fieldValue) ? f.fieldValue : String(f.fieldValue).split(',')).map(Number);
    tabs = tabs.filter((t) => values.includes(t));
  }
  return tabs;
}

/** getMarketDetailList: applications across groups, filtered by tab, group or name. */
export async function listMarketDetails(tx: Tx, searchVal: string | undefined): Promise<MarketCard[]> {
  const where = whereOf(detailFields, await decodeSearchVal(searchVal));
  const rows = await tx
    .select(cardColumns)
    .from(marketDetails)
    .innerJoin(marketTypes, eq(marketTypes.id, marketDetails.marketTypeId))
    .where(where)
    .orderBy(...typeOrder, ...cardOrder);
  return rows.map(cardOf);
}

export async function getMarketDetail(tx: Tx, id: number): Promise<MarketDetail> {
  const [row] = await tx
    .select({
      ...cardColumns,
      marketTypeName: marketTypes.name,
      tableId: marketTypes.tableId,
      introduction: marketDetails.introduction,
      payment: marketDetails.payment,
    })
    .from(marketDetails)
    .innerJoin(marketTypes, eq(marketTypes.id, marketDetails.marketTypeId))
    .where(eq(marketDetails.id, id));
  if (!row) throw notFound('应用');
  return { ...cardOf(row), tableName: marketTabName(row.tableId) ?? '' };
}

/**
 * Puts a picture where every tenant can load it and answers its public URL. The caller's own
 * upload (row-level security finds no other tenant's) is copied into the market's pictures; a
 * market picture stays as it is; anything else is undefined. `copies` collects the files written,
 * so a failed request can remove them.
 */
async function publishPicture(
  tx: Tx,
  root: string,
  url: string,
  copies: string[],
): Promise<string | undefined> {
  const own = UPLOAD_URL.exec(url);
  if (own) {
    const file = await findFile(tx, own[1].toLowerCase());
    if (!file?.mime.startsWith('image/')) return undefined;
    const id = randomUUID();
    const target = marketPicturePath(root, id);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(storedPath(root, file.storageKey), target, constants.COPYFILE_EXCL);
    copies.push(target);
    await tx
      .insert(marketPictures)
      .values({ id, mime: file.mime, storageKey: `market/${id}`, size: file.size });
    return marketPictureUrl(id);
  }
  const market = PICTURE_URL.exec(url);
  if (market) {
    const [found] = await tx
      .select({ id: marketPictures.id })
      .from(marketPictures)
      .where(eq(marketPictures.id, market[1].toLowerCase()));
    return found ? marketPictureUrl(found.id) : undefined;
  }
  return undefined;
}

/** Sanitises rich text and publishes the images in it; an image that cannot be published is dropped. */
async function cleanRichText(tx: Tx, root: string, html: string, copies: string[]): Promise<string> {
  const clean = sanitizeRichText(html);
  const published = new Map<string, string | undefined>();
  for (const [, , src] of clean.matchAll(IMG_SRC)) {
    const url = src.replaceAll('&amp;', '&');
    if (!published.has(src) && (UPLOAD_URL.test(url) || PICTURE_URL.test(url)))
      published.set(src, await publishPicture(tx, root, url, copies));
  }
  if (!published.size) return clean;
  const rewritten = clean.replace(IMG_SRC, (all, open: string, src: string, close: string) => {
    if (!published.has(src)) return all;
    const url = published.get(src);
    return url ? `${open}${url}${close}` : '';
  });
  // an image dropped above may leave a tag without its source: sanitise once more
  return sanitizeRichText(rewritten);
}

/** Runs a write that may copy pictures; if it fails, the copies are removed again. */
export async function withPictureCopies<T>(fn: (copies: string[]) => Promise<T>): Promise<T> {
  const copies: string[] = [];
  try {
    return await fn(copies);
  } catch (error) {
    await Promise.all(copies.map((f) => rm(f, { force: true })));
    throw error;
  }
}

export async function addMarketDetail(
  tx: Tx,
  root: string,
  userId: number,
  body: MarketDetailAdd,
  copies: string[],
): Promise<MarketDetail> {
  const { cost, picture: uploaded } = body;
  if (cost === undefined) throw fieldError('cost', marketMessages.costRequired);
  if (!uploaded) throw fieldError('picture', marketMessages.pictureRequired);
  if (Math.abs(Math.round(cost * 100) - cost * 100) > 1e-6)
    throw fieldError('cost', marketMessages.costScale);
  const [type] = await tx
    .select({ id: marketTypes.id })
    .from(marketTypes)
    .where(eq(marketTypes.id, body.marketTypeId));
  if (!type) throw fieldError('marketTypeId', marketMessages.typeMissing);
  const picture = await publishPicture(tx, root, uploaded, copies);
  if (!picture) throw fieldError('picture', marketMessages.pictureInvalid);
  const [{ last }] = await tx
    .select({ last: max(marketDetails.sort) })
    .from(marketDetails)
    .where(eq(marketDetails.marketTypeId, type.id));
  const [row] = await tx
    .insert(marketDetails)
    .values({
      marketTypeId: type.id,
      name: body.name.trim(),
      description: body.description.trim(),
      cost: cost.toFixed(2),
      picture,
      sort: (last ?? 0) + 1,
    })
    .returning({ id: marketDetails.id });
  await audit(tx, userId, 'marketDetail', row.id, 'add', { ...body, picture });
  return getMarketDetail(tx, row.id);
}

export async function updateMarketDetail(
  tx: Tx,
  root: string,
  userId: number,
  body: MarketDetailUpdate,
  copies: string[],
): Promise<MarketDetail> {
  await getMarketDetail(tx, body.id);
  const introduction = await cleanRichText(tx, root, body.introduction, copies);
  const payment = await cleanRichText(tx, root, body.payment, copies);
  await tx
    .update(marketDetails)
    .set({ introduction, payment, updatedAt: new Date() })
    .where(eq(marketDetails.id, body.id));
  await audit(tx, userId, 'marketDetail', body.id, 'update', { introduction, payment });
  return getMarketDetail(tx, body.id);
}

export async function deleteMarketDetail(tx: Tx, userId: number, id: number): Promise<void> {
  const [gone] = await tx
    .delete(marketDetails)
    .where(eq(marketDetails.id, id))
    .returning({ name: marketDetails.name });
  if (!gone) throw notFound('应用');
  await audit(tx, userId, 'marketDetail', id, 'delete', { name: gone.name });
}
