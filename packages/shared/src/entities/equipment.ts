import { defineEntity } from './define.ts';
import { codeField, createdAtField, idField, nameField, remarkField } from './information.ts';

/**
 * Equipment classes, a tree (生产设备 → 绕线机 → 立式绕线机): equipment is filed under one, and the
 * reports filter by them (spec 001 §7.2 getEquipmentClassList). Names are unique so imports and
 * look-ups can name them.
 */
export const equipmentClassEntity = defineEntity({
  name: 'equipmentClass',
  label: '设备分类',
  route: 'equipmentClass',
  defaultOrder: '+sort',
  api: { base: 'basicData/private/equipmentClass/', name: 'EquipmentClass' },
  autoCode: { prefix: 'SBFL', seqLength: 3 },
  fields: {
    id: idField,
    name: nameField('分类名称', 220),
    code: codeField('分类编码', 140, true),
    parentName: {
      label: '上级分类',
      type: 'string',
      ref: { entity: 'equipmentClass', by: 'name', idField: 'parentId' },
      width: 160,
    },
    sort: { label: '排序', type: 'integer', min: 0, max: 100_000, sort: true, width: 80 },
    remark: remarkField,
    createdAt: { ...createdAtField, list: false },
  },
});
