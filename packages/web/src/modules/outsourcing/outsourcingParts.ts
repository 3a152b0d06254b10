import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { outsourceOrderEntity } from '@factory/shared/entities/outsourcing';
import type { RowOf } from '@factory/shared/entities/schema';

export type OutsourceOrder = RowOf<typeof outsourceOrderEntity>;

export const OUTSOURCE_ORDERS = entityEndpoints(outsourceOrderEntity);
const add = OUTSOURCE_ORDERS.add;
if (!add) throw new Error('outSourceLists has no Add button');
/** 新增委外单 (the route's Add button declares it). */
export const ADD_ORDER = add;

/** Only a draft is edited or deleted (the server refuses the rest). */
export const isDraft = (o: Pick<OutsourceOrder, 'status'>) => o.status === 0;
/** Units may go out while confirmed, sent or partly back. */
export const canSend = (o: Pick<OutsourceOrder, 'status'>) => [1, 2, 3].includes(Number(o.status));
/** Units may come back while some are out. */
export const canReceive = (o: Pick<OutsourceOrder, 'status'>) => [2, 3].includes(Number(o.status));

/** A quantity difference without binary noise (quantities have six decimals). */
export const minus = (a: number | null | undefined, ...b: (number | null | undefined)[]) =>
  Math.max(0, Math.round(((a ?? 0) - b.reduce<number>((s, x) => s + (x ?? 0), 0)) * 1e6) / 1e6);

/** Sent and not yet back. */
export const outOf = (o: OutsourceOrder) =>
  minus(o.sentQuantity, o.receivedGoodQuantity, o.receivedDefectQuantity);
