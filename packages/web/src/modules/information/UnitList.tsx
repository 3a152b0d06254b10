import { unitEntity } from '@factory/shared/entities/materials';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

/** /information/materials-info/materials-unit: the units of measure materials count in. */
export default function UnitList() {
  return <CrudPage entity={unitEntity} />;
}
