import { inspectionItemEntity } from '@factory/shared/entities/quality';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

/**
 * /quality/quality-plan-info/inspection-project: inspection items (检验项目). Only a measured item
 * takes a standard value and limits, lower ≤ standard ≤ upper (the server says which is wrong).
 */
export default function InspectionItemList() {
  return <CrudPage entity={inspectionItemEntity} title="检验项目" suggestCode />;
}
