import { customerSiteEntity } from '@factory/shared/entities/partner';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

/** /information/customer-info/customer-site-list: the sites (substations, plants) of service customers. */
export default function CustomerSiteList() {
  return <CrudPage entity={customerSiteEntity} suggestCode />;
}
