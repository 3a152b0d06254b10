import { customerEntity } from '@factory/shared/entities/partner';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

/** /information/unit-info/customer-list: who the factory sells to. */
export default function CustomerList() {
  return <CrudPage entity={customerEntity} suggestCode />;
}
