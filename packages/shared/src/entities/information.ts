import { Type } from 'typebox';
import { enableStatus, processType } from '../enums/index.ts';
import { defineEntity, type FieldDecl } from './define.ts';

/** Code and name, the identity of most master data: required, unique, searched and sorted. */
/** A numbered code (the entity declares autoCode) may be left empty: the server numbers it. */
export const codeField = (label = '编码', width = 140, numbered = false) =>
  ({
    label,
    type: 'string',
    required: !numbered,
    ...(numbered ? { placeholder: '留空则按编码规则自动生成' } : {}),
    unique: true,
    maxLength: 32,
    pattern: { source: '^[A-Za-z0-9_.\\-]+$', message: `${label}只能包含字母、数字和 _ . -` },
    filter: ['like', 'eq'],
    sort: true,
    import: true,
    width,
  }) satisfies FieldDecl;
export const nameField = (label = '名称', width = 160) =>
  ({
    label,
    type: 'string',
    required: true,
    unique: true,
    maxLength: 50,
    filter: ['like', 'eq'],
    sort: true,
    import: true,
    width,
  }) satisfies FieldDecl;
export const remarkField = {
  label: '备注',
  type: 'text',
  maxLength: 500,
  import: true,
  width: 200,
} satisfies FieldDecl;
export const createdAtField = {
  label: '创建时间',
  type: 'datetime',
  readOnly: true,
  filter: ['between', 'gte', 'lte'],
  sort: true,
  width: 170,
} satisfies FieldDecl;

/** 启用/停用 of a list whose route has Enable/Disable buttons: switched there, not in the form. */
export const toggledStatusField = {
  label: '状态',
  type: 'enum',
  enum: enableStatus,
  form: false,
  filter: ['eq'],
  sort: true,
  import: true,
  width: 90,
} satisfies FieldDecl;
/** 启用/停用 where the route has no such buttons: chosen in the form. */
export const statusField = { ...toggledStatusField, form: true } satisfies FieldDecl;
export const idField = {
  label: '编号',
  type: 'integer',
  readOnly: true,
  list: false,
  sort: true,
  export: false,
} satisfies FieldDecl;

/** Production lines (产线) of the factory model; plans, stations and flow steps run on them. */
export const areaEntity = defineEntity({
  name: 'area',
  label: '产线',
  route: 'factoryModel',
  defaultOrder: '+code',
  api: { base: 'basicData/private/area/', name: 'Area' },
  autoCode: { prefix: 'CX', seqLength: 3 },
  customFields: true,
  fields: {
    id: idField,
    code: codeField('产线编码', 140, true),
    name: nameField('产线名称'),
    organizationName: {
      label: '所属车间',
      type: 'string',
      ref: {
        entity: 'organization',
        by: 'name',
        idField: 'organizationId',
        filters: [{ fieldName: 'level', operator: 'eq', fieldValue: 1 }],
      },
      filter: ['like'],
      import: true,
      width: 160,
    },
    efficiency: {
      label: '效率系数',
      type: 'number',
      min: 0.1,
      max: 10,
      import: true,
      width: 100,
      placeholder: '不填为 1：排产用时 = 工时 ÷ 效率系数',
    },
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/** Procedures (工序): the steps process flows are made of. */
export const procedureEntity = defineEntity({
  name: 'procedure',
  label: '工序',
  route: 'procedureList',
  defaultOrder: '+code',
  api: { base: 'basicData/production/private/procedure/', name: 'Procedure' },
  autoCode: { prefix: 'GX', seqLength: 3 },
  customFields: true,
  fields: {
    id: idField,
    code: codeField('工序编码', 140, true),
    name: nameField('工序名称'),
    processType: {
      label: '加工类型',
      type: 'enum',
      enum: processType,
      required: true,
      filter: ['eq'],
      sort: true,
      import: true,
      width: 110,
    },
    standardMinutes: {
      label: '标准工时(分钟)',
      type: 'number',
      min: 0,
      max: 100_000,
      sort: true,
      import: true,
      width: 130,
    },
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/** Stations (工位, spec 000 §3): where operators work, on a line, doing some procedures. */
export const stationEntity = defineEntity({
  name: 'station',
  extraRow: { procedureIds: Type.Array(Type.Integer()) },
  extraBody: {
    procedureIds: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500, title: '可做工序' }),
    ),
  },
  label: '工位',
  route: 'stationList',
  defaultOrder: '+code',
  api: { base: 'basicData/private/station/', name: 'Station' },
  autoCode: { prefix: 'GW', seqLength: 3 },
  customFields: true,
  fields: {
    id: idField,
    code: codeField('工位编码', 140, true),
    name: nameField('工位名称'),
    areaName: {
      label: '所属产线',
      type: 'string',
      required: true,
      ref: { entity: 'area', by: 'name', idField: 'areaId' },
      filter: ['like'],
      sort: true,
      import: true,
      width: 150,
    },
    procedureNames: {
      label: '可做工序',
      type: 'string',
      form: false,
      width: 220,
    },
    efficiency: {
      label: '效率系数',
      type: 'number',
      min: 0.1,
      max: 10,
      import: true,
      width: 100,
      placeholder: '不填为 1：排产用时 = 工时 ÷ 效率系数',
    },
    remark: remarkField,
    createdAt: createdAtField,
  },
});
