import { areaEntity } from '@factory/shared/entities/information';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

/** /information/production-info/factory-model: the production lines of the factory model. */
export default function AreaList() {
  return <CrudPage entity={areaEntity} title="产线列表" suggestCode />;
}
