import { defectItemEntity, inspectionItemEntity, limitProblem } from '@factory/shared/entities/quality';
import { crud } from '../../platform/crud.ts';
import { defectItems, inspectionItems, inspectionPlanItems } from './schema.ts';

/**
 * 检验项目 (inspection-project): the declared calls. Only a measured item has a standard value and
 * limits, lower ≤ standard ≤ upper (`limitProblem`, on add, update and every import row); an item a
 * plan checks is not deleted (disable it instead).
 */
export const inspectionItem = crud({
  entity: inspectionItemEntity,
  table: inspectionItems,
  usedBy: [{ column: inspectionPlanItems.itemId, label: '质检方案' }],
  hooks: {
    checkRow(row) {
      const problem = limitProblem(row.valueType, row);
      return problem ? [problem] : [];
    },
  },
});

/**
 * 不良项目 (defects): the declared calls. Why a defect happened is the scrap-reason dictionary
 * (报废原因) report work already uses, not a second list here.
 */
export const defectItem = crud({ entity: defectItemEntity, table: defectItems });
