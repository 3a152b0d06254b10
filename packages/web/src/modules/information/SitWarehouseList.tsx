import { sitWarehouseEntity } from '@factory/shared/entities/warehouse';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

/** /information/production-info/sit-warehouse: stock kept beside each production line. */
export default function SitWarehouseList() {
  return <CrudPage entity={sitWarehouseEntity} title="线边仓列表" suggestCode />;
}
