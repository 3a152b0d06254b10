import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { mouldEntity, mouldHandleEntity, type mouldStockEntity } from '@factory/shared/entities/mould';
import type { RowOf } from '@factory/shared/entities/schema';
import { routeHref } from '@factory/shared/routes';

export type Mould = RowOf<typeof mouldEntity>;
export type MouldStock = RowOf<typeof mouldStockEntity>;
export type MouldHandle = RowOf<typeof mouldHandleEntity>;

export const MOULDS = entityEndpoints(mouldEntity);
export const HANDLES = entityEndpoints(mouldHandleEntity);
export const STOCK_HREF = routeHref('mouldStock');

/**
 * The moves a mould's status allows (DOMAIN "Moulds"), as the stock list offers them: the
 * handling document type and the statuses it starts from. Stock-in has its own page.
 */
export const MOVES: readonly { type: number; label: string; from: readonly number[] }[] = [
  { type: 0, label: '入库', from: [0] },
  { type: 1, label: '借用', from: [1] },
  { type: 2, label: '归还', from: [2] },
  { type: 3, label: '送修', from: [1, 2] },
  { type: 4, label: '修复', from: [3] },
  { type: 5, label: '报废', from: [1, 3] },
];

/** The form of a new handling document for a mould (stock-in on mould-inStock), or of one to edit. */
export function handleHref(mould: { id: number; name?: string | null }, handleType: number): string {
  const q = new URLSearchParams({ mouldId: String(mould.id), mouldName: mould.name ?? '' });
  if (handleType === 0) return `${routeHref('mouldInStock')}?${q}`;
  q.set('handleType', String(handleType));
  return `${routeHref('mouldHandle')}?${q}`;
}
export const editHref = (id: number) => `${routeHref('mouldHandle')}?id=${id}`;

/** Only a document not submitted, or rejected, is edited or deleted (the server refuses the rest). */
export const isOpen = (d: Pick<MouldHandle, 'auditStatus'>) => d.auditStatus === -1 || d.auditStatus === 2;
