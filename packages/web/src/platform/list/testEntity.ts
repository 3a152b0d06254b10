import { defineEntity } from '@factory/shared/entities/define';
import { defineEnum } from '@factory/shared/enums/defineEnum';

/** A declaration with one field of each kind the list building blocks treat differently. */
export const status = defineEnum(
  [
    { value: 1, label: '启用', color: '#52c41a' },
    { value: 0, label: '停用', color: '#8c8c8c' },
  ],
  1,
);

export const kinds = defineEnum([
  { value: 'a', label: '甲' },
  { value: 'b', label: '乙' },
]);

export const thing = defineEntity({
  name: 'thing',
  label: '物品',
  route: 'thingList',
  defaultOrder: '-id',
  fields: {
    id: { label: '编号', type: 'integer', readOnly: true, list: false, sort: true },
    code: { label: '编码', type: 'string', filter: ['like', 'eq'], sort: true, width: 120 },
    name: { label: '名称', type: 'string', filter: ['eq'], required: true, maxLength: 10 },
    status: { label: '状态', type: 'enum', enum: status, filter: ['eq'], sort: true },
    kinds: { label: '种类', type: 'enum', enum: kinds, filter: ['in'] },
    active: { label: '有效', type: 'boolean', filter: ['eq'] },
    qty: { label: '数量', type: 'number', filter: ['between', 'gte', 'lte'], sort: true },
    level: { label: '等级', type: 'integer', filter: ['gte'], min: 1, max: 9 },
    day: { label: '日期', type: 'date', filter: ['between'] },
    createdAt: { label: '创建时间', type: 'datetime', filter: ['between', 'gte', 'lte'], sort: true },
    updatedAt: { label: '修改时间', type: 'datetime', filter: ['lte'] },
    note: { label: '备注', type: 'text', list: false },
  },
});
