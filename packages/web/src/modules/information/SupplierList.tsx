import { supplierEntity } from '@factory/shared/entities/partner';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

/** /information/unit-info/supplier-list: who the factory buys from. */
export default function SupplierList() {
  return <CrudPage entity={supplierEntity} suggestCode />;
}
