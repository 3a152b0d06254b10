import { defineEnum } from '../enums/defineEnum.ts';
import { customFieldType, enableStatus } from '../enums/index.ts';
import { defineEntity, type EntityDecl } from './define.ts';
import { businessEntities } from './registry.ts';

/** The entities a tenant may add fields to: every one that declares customFields. */
export const customizableEntities: readonly EntityDecl[] = Object.values(businessEntities).filter(
  (e) => e.customFields,
);
export const customizable = defineEnum(customizableEntities.map((e) => ({ value: e.name, label: e.label })));

/** Custom fields (setting → system-setting-info → field-setting; types of spec 001 §9). */
export const customFieldEntity = defineEntity({
  name: 'customField',
  label: '自定义字段',
  route: 'fieldSetting',
  defaultOrder: '+sort',
  api: { base: 'systemConfig/private/customField/', name: 'CustomField' },
  fields: {
    id: { label: '编号', type: 'integer', readOnly: true, list: false, sort: true, export: false },
    entity: {
      label: '所属对象',
      type: 'enum',
      enum: customizable,
      required: true,
      filter: ['eq'],
      width: 120,
    },
    label: { label: '字段名称', type: 'string', required: true, maxLength: 20, filter: ['like'], width: 160 },
    key: { label: '字段标识', type: 'string', readOnly: true, width: 100 },
    type: {
      label: '字段类型',
      type: 'enum',
      enum: customFieldType,
      required: true,
      filter: ['eq'],
      width: 120,
    },
    required: { label: '必填', type: 'boolean', width: 80 },
    options: {
      label: '选项',
      type: 'string',
      maxLength: 500,
      placeholder: '单选、多选填写选项，用“、”分隔，如：红、黄、蓝',
      width: 220,
    },
    sort: { label: '排序', type: 'integer', min: 0, max: 10_000, sort: true, width: 80 },
    isEnabled: { label: '状态', type: 'enum', enum: enableStatus, filter: ['eq'], width: 90 },
  },
});
