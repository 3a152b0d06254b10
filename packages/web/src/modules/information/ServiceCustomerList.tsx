import { serviceCustomerEntity } from '@factory/shared/entities/partner';
import type { RowOf } from '@factory/shared/entities/schema';
import { routeHref } from '@factory/shared/routes';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { RowAction } from '../../platform/list/types.ts';

type ServiceCustomer = RowOf<typeof serviceCustomerEntity>;

/** /information/customer-info/service-customer-list: after-sales customers, each leading to its sites. */
export default function ServiceCustomerList() {
  const navigate = useNavigate();
  const rowActions: RowAction<ServiceCustomer>[] = [
    {
      key: 'sites',
      label: '现场',
      onClick: (c) =>
        navigate(
          `${routeHref('customerSiteList')}?${new URLSearchParams({ q: JSON.stringify({ customerName: c.name ?? '' }) })}`,
        ),
    },
  ];
  return <CrudPage entity={serviceCustomerEntity} suggestCode rowActions={rowActions} />;
}
