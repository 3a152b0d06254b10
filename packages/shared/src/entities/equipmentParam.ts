import { dataType } from '../enums/index.ts';
import { defineEntity } from './define.ts';
import { createdAtField, idField, nameField, remarkField } from './information.ts';

/** Most consecutive out-of-range samples a parameter may wait for before it raises a fault report. */
export const MAX_ALARM_SAMPLES = 1000;

/**
 * Equipment parameters (设备参数, equipment-setting → equipment-params; DOMAIN "Parameters and
 * readings"): what the machines of one class report. The code is the key of the value in a
 * reading's `values` (MQTT and HTTP alike), unique within the class, so two classes may both
 * report `temp`. A numeric reading outside [lowerLimit, upperLimit] for `alarmSamples`
 * consecutive samples raises one fault report (docs/equipment-readings.md).
 */
export const equipmentParamEntity = defineEntity({
  name: 'equipmentParam',
  label: '设备参数',
  route: 'equipmentParams',
  defaultOrder: '+code',
  api: { base: 'equipment/private/equipmentParam/', name: 'EquipmentParam' },
  fields: {
    id: idField,
    className: {
      label: '设备分类',
      type: 'string',
      required: true,
      ref: { entity: 'equipmentClass', by: 'name', idField: 'classId' },
      filter: ['like'],
      sort: true,
      import: true,
      width: 140,
    },
    code: {
      label: '参数编码',
      type: 'string',
      required: true,
      maxLength: 32,
      pattern: { source: '^[A-Za-z0-9_.\\-]+$', message: '参数编码只能包含字母、数字和 _ . -' },
      placeholder: '设备上报数据中的键，如 temp',
      filter: ['like', 'eq'],
      sort: true,
      import: true,
      width: 130,
    },
    name: { ...nameField('参数名称', 140), unique: false },
    unit: { label: '单位', type: 'string', maxLength: 20, import: true, width: 80 },
    dataType: {
      label: '数据类型',
      type: 'enum',
      enum: dataType,
      required: true,
      filter: ['eq'],
      import: true,
      width: 90,
    },
    lowerLimit: { label: '下限', type: 'number', import: true, width: 90 },
    upperLimit: { label: '上限', type: 'number', import: true, width: 90 },
    alarmSamples: {
      label: '连续超限次数',
      type: 'integer',
      min: 1,
      max: MAX_ALARM_SAMPLES,
      placeholder: '连续多少次超出上下限后报修，默认 3',
      import: true,
      width: 110,
    },
    remark: remarkField,
    createdAt: createdAtField,
  },
});
