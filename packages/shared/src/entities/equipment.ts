import { equipmentKind, equipmentState, runType } from '../enums/index.ts';
import { defineEntity } from './define.ts';
import { codeField, createdAtField, idField, nameField, remarkField, statusField } from './information.ts';

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

/**
 * The equipment register (设备台账): each machine with its number, class, model and place. Names
 * repeat (a line has several 立式绕线机), so only the code is unique. `holderNames` are the users
 * who keep it on their My equipment list (spec 000 §7), shown on request and searchable. Kind and
 * state may be left out: a new machine is 生产设备 and 空闲.
 */
export const equipmentEntity = defineEntity({
  name: 'equipment',
  label: '设备',
  route: 'accountList',
  defaultOrder: '+code',
  api: { base: 'equipment/private/equipment/', name: 'Equipment' },
  autoCode: { prefix: 'SB', seqLength: 4 },
  customFields: true,
  fields: {
    id: idField,
    code: codeField('设备编码', 120, true),
    name: { ...nameField('设备名称', 150), unique: false },
    className: {
      label: '设备分类',
      type: 'string',
      ref: { entity: 'equipmentClass', by: 'name', idField: 'classId' },
      filter: ['like'],
      sort: true,
      import: true,
      width: 120,
    },
    kind: {
      label: '设备类型',
      type: 'enum',
      enum: equipmentKind,
      filter: ['eq'],
      sort: true,
      import: true,
      width: 90,
    },
    model: {
      label: '规格型号',
      type: 'string',
      maxLength: 100,
      filter: ['like'],
      sort: true,
      import: true,
      width: 120,
    },
    location: {
      label: '安装位置',
      type: 'string',
      maxLength: 100,
      filter: ['like'],
      sort: true,
      import: true,
      width: 150,
    },
    sn: {
      label: '出厂编号',
      type: 'string',
      maxLength: 64,
      filter: ['like'],
      sort: true,
      import: true,
      list: false,
      width: 140,
    },
    maker: {
      label: '生产厂家',
      type: 'string',
      maxLength: 100,
      filter: ['like'],
      sort: true,
      import: true,
      list: false,
      width: 160,
    },
    areaName: {
      label: '所属产线',
      type: 'string',
      ref: { entity: 'area', by: 'name', idField: 'areaId' },
      filter: ['like'],
      sort: true,
      import: true,
      list: false,
      width: 130,
    },
    stationName: {
      label: '所在工位',
      type: 'string',
      ref: { entity: 'station', by: 'name', idField: 'stationId' },
      filter: ['like'],
      sort: true,
      import: true,
      list: false,
      width: 130,
    },
    commissionDate: {
      label: '投用日期',
      type: 'date',
      filter: ['between'],
      sort: true,
      import: true,
      list: false,
      width: 110,
    },
    warrantyEnd: {
      label: '保修截止',
      type: 'date',
      filter: ['between'],
      sort: true,
      import: true,
      list: false,
      width: 110,
    },
    picture: {
      label: '设备图片',
      type: 'string',
      maxLength: 500,
      upload: 'image',
      list: false,
      export: false,
    },
    state: {
      label: '设备状态',
      type: 'enum',
      enum: equipmentState,
      filter: ['eq'],
      sort: true,
      import: true,
      width: 90,
    },
    runType: {
      label: '运行状态',
      type: 'enum',
      enum: runType,
      readOnly: true,
      filter: ['eq'],
      sort: true,
      width: 90,
    },
    isEnabled: { ...statusField, label: '启用状态' },
    holderNames: {
      label: '负责人',
      type: 'string',
      form: false,
      readOnly: true,
      filter: ['like'],
      list: false,
      width: 160,
    },
    remark: remarkField,
    createdAt: { ...createdAtField, list: false },
  },
});
