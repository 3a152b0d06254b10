import { checkItemEntity } from '@factory/shared/entities/equipmentTask';
import { crud } from '../../platform/crud.ts';
import { equipmentClasses } from '../information/index.ts';
import { checkItems, checkTaskItems } from './taskSchema.ts';

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * 点巡检项目 (project-setting): the declared calls. A numeric item needs a limit to judge by (a
 * value outside [lower, upper] is NG); a task copies it when started, so editing an item leaves
 * tasks under way or done as they were, and an item a task copied is no longer deleted.
 */
export const checkItem = crud({
  entity: checkItemEntity,
  table: checkItems,
  refs: { className: { id: equipmentClasses.id, name: equipmentClasses.name, code: equipmentClasses.code } },
  usedBy: [{ column: checkTaskItems.itemId, label: '点巡检工单' }],
  hooks: {
    checkRow(row) {
      const lower = given(row.lowerLimit) ? Number(row.lowerLimit) : undefined;
      const upper = given(row.upperLimit) ? Number(row.upperLimit) : undefined;
      if (Number(row.valueType) === 1 && lower === undefined && upper === undefined)
        return [{ field: 'lowerLimit', message: '数值类项目请填写下限或上限' }];
      if (lower !== undefined && upper !== undefined && lower > upper)
        return [{ field: 'upperLimit', message: '上限不能小于下限' }];
      return [];
    },
  },
});
