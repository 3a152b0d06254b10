import { quotaEntity } from '@factory/shared/entities/quota';
import { quotaMachine } from '@factory/shared/machines/quota';
import { OrderListPage } from '../../platform/crud/OrderListPage.tsx';
import { isQuotaDraft, quotaDetailHref, quotaFormHref } from './quotaParts.ts';

/**
 * /purchase/certain-number-list: production quotas (生产定额) by product and version, with their
 * state. Drafts are edited on the form page and deleted here; 生效, 撤回 and 作废 are the quota's
 * actions; the variance against the work orders is on the quota's page.
 */
export default function CertainNumberList() {
  return (
    <OrderListPage
      entity={quotaEntity}
      machine={quotaMachine}
      title="生产定额"
      detailHref={quotaDetailHref}
      formHref={quotaFormHref}
      isDraft={isQuotaDraft}
    />
  );
}
