import { equipmentClassEntity } from '@factory/shared/entities/equipment';
import { crud } from '../../platform/crud.ts';
import { noCycle } from '../../platform/tree.ts';
import { equipmentClasses } from './schema.ts';

/** Equipment classes: the tree, its select list getEquipmentClassList (spec 001 §7.2) and the rest of the declared calls. */
export const equipmentClass = crud({
  entity: equipmentClassEntity,
  table: equipmentClasses,
  refs: { parentName: { id: equipmentClasses.id, name: equipmentClasses.name, code: equipmentClasses.code } },
  usedBy: [{ column: equipmentClasses.parentId, label: '下级分类', names: equipmentClasses.name }],
  hooks: { validate: noCycle(equipmentClasses.parentId, '上级分类不能是该分类本身或其下级分类') },
});

export const equipmentClassRoutes = equipmentClass.routes;
