import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { quotaEntity } from '@factory/shared/entities/quota';
import type { DetailOf, RowOf } from '@factory/shared/entities/schema';
import { routeHref } from '@factory/shared/routes';

export type Quota = RowOf<typeof quotaEntity>;
export type QuotaDetail = DetailOf<typeof quotaEntity>;
export type QuotaLine = QuotaDetail['lines'][number];

export const QUOTAS = entityEndpoints(quotaEntity);
export const QUOTA_LIST_HREF = routeHref('certainNumberList');
export const quotaDetailHref = (q: Pick<Quota, 'id'>) => routeHref('certainNumberDetail', { id: q.id });
/** The form: a new quota, or with `id` the draft to edit. */
export const quotaFormHref = (id?: number) =>
  id === undefined ? routeHref('certainNumberAdd') : `${routeHref('certainNumberAdd')}?id=${id}`;

/** Only a draft is edited or deleted (the server refuses the rest: an effective one is withdrawn first). */
export const isQuotaDraft = (q: Pick<Quota, 'status'>) => q.status === 0;
