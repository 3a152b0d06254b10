import { quotaEntity } from '@factory/shared/entities/quota';
import { quotaMachine } from '@factory/shared/machines/quota';
import { Tabs } from 'antd';
import { OrderListPage } from '../../platform/crud/OrderListPage.tsx';
import { QuotaApplyList } from './QuotaApplies.tsx';
import { isQuotaDraft, quotaDetailHref, quotaFormHref } from './quotaParts.ts';

/**
 * /purchase/certain-number-list: production quotas (生产定额) by product and version, with their
 * state. Drafts are edited on the form page and deleted here; 生效, 撤回 and 作废 are the quota's
 * actions; the variance against the work orders is on the quota's page. The second tab lists the
 * over-quota applications (超定额申请) of every product, to pass or reject.
 */
export default function CertainNumberList() {
  return (
    <Tabs
      items={[
        {
          key: 'quotas',
          label: '生产定额',
          children: (
            <OrderListPage
              entity={quotaEntity}
              machine={quotaMachine}
              title="生产定额"
              detailHref={quotaDetailHref}
              formHref={quotaFormHref}
              isDraft={isQuotaDraft}
            />
          ),
        },
        { key: 'applies', label: '超定额申请', children: <QuotaApplyList /> },
      ]}
    />
  );
}
