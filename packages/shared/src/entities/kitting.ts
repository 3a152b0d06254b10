import { WAREHOUSE_BASE } from '../machines/warehouse.ts';
import { defineEntity } from './define.ts';
import { codeField, createdAtField, idField, remarkField } from './information.ts';
import { shownText } from './produceOrder.ts';

/**
 * Saved kitting analyses (齐套分析, plans → complete-set-list): which plans the stock covers and
 * what is short, as calculated at a moment (DOMAIN "Kitting"). Made by the calculation
 * (complete-set-add), read and deleted here.
 */
export const kittingEntity = defineEntity({
  name: 'kitting',
  label: '齐套分析',
  route: 'completeSetList',
  buttons: ['Del', 'Detail', 'Export'],
  defaultOrder: '-createdAt',
  api: { base: `${WAREHOUSE_BASE}kitting/`, name: 'Kitting' },
  autoCode: { prefix: 'QT', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  fields: {
    id: idField,
    code: codeField('分析编号', 150, true),
    planCount: { label: '计划数', type: 'integer', readOnly: true, sort: true, width: 80 },
    kittedCount: { label: '齐套计划数', type: 'integer', readOnly: true, sort: true, width: 100 },
    shortMaterialCount: { label: '缺料物料数', type: 'integer', readOnly: true, sort: true, width: 100 },
    createdByName: shownText('分析人', 100),
    remark: remarkField,
    createdAt: { ...createdAtField, label: '分析时间' },
  },
});
