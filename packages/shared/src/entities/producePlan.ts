import { Type } from 'typebox';
import { RowId } from '../api/list.ts';
import {
  materialPreparationStatus,
  planProgressStatus,
  planType,
  priority,
  scheduleIssueStatus,
} from '../enums/index.ts';
import { VersionField } from '../machines/endpoints.ts';
import { PRODUCTION_BASE } from '../machines/plans.ts';
import { defineEntity } from './define.ts';
import { codeField, createdAtField, idField, remarkField } from './information.ts';
import { MAX_PRODUCE_QUANTITY, productColumns } from './produceOrder.ts';

const nullableId = Type.Union([Type.Integer(), Type.Null()]);

/**
 * Production plans (生产计划, plans → plan-list): a quantity of a confirmed order taken to a line
 * on a version of the product's process flow. Released (下达) into its work order and withdrawn
 * (撤回) by `producePlanMachine`; edited and deleted only before release. The product, flow and the
 * order's priority and delivery date come from the order; `version` guards two people at once.
 */
export const producePlanEntity = defineEntity({
  name: 'producePlan',
  label: '生产计划',
  route: 'planList',
  buttons: ['Add', 'Modify', 'Del', 'Export', 'Copy', 'Detail', 'Release', 'Withdraw', 'Schedule'],
  defaultOrder: '-createdAt',
  api: { base: `${PRODUCTION_BASE}producePlan/`, name: 'ProducePlan' },
  autoCode: { prefix: 'PL', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  extraRow: {
    version: Type.Integer(),
    materialsId: nullableId,
    flowId: nullableId,
    flowVersionId: nullableId,
    sortOrder: Type.Integer(),
  },
  extraBody: {
    version: Type.Optional(VersionField),
    /** Left out: the main version of the product's flow. */
    flowVersionId: Type.Optional(RowId('工艺版本')),
  },
  fields: {
    id: idField,
    code: { ...codeField('计划编号', 150, true), label: '计划编号' },
    produceOrderNumber: {
      label: '订单编号',
      type: 'string',
      required: true,
      ref: { entity: 'produceOrder', by: 'code', idField: 'produceOrderId' },
      filter: ['like', 'eq'],
      sort: true,
      width: 150,
    },
    materialsName: {
      label: '产品',
      type: 'string',
      readOnly: true,
      filter: ['like'],
      sort: true,
      width: 160,
    },
    ...productColumns,
    quantity: {
      label: '计划数量',
      type: 'number',
      required: true,
      min: 0.000001,
      max: MAX_PRODUCE_QUANTITY,
      sort: true,
      width: 100,
    },
    planType: {
      label: '计划类型',
      type: 'enum',
      enum: planType,
      filter: ['eq', 'in'],
      sort: true,
      width: 110,
    },
    flowName: { label: '工艺路线', type: 'string', readOnly: true, filter: ['like'], width: 160 },
    versionName: { label: '工艺版本', type: 'string', readOnly: true, width: 90 },
    areaName: {
      label: '产线',
      type: 'string',
      required: true,
      ref: { entity: 'area', by: 'name', idField: 'areaId' },
      filter: ['like'],
      sort: true,
      width: 130,
    },
    planStartTime: {
      label: '计划开始时间',
      type: 'datetime',
      filter: ['between', 'gte', 'lte'],
      sort: true,
      width: 170,
    },
    planEndTime: {
      label: '计划结束时间',
      type: 'datetime',
      filter: ['between', 'gte', 'lte'],
      sort: true,
      width: 170,
    },
    actualStartTime: { label: '实际开始时间', type: 'datetime', readOnly: true, sort: true, width: 170 },
    scheduleStatus: {
      label: '排产下发状态',
      type: 'enum',
      enum: scheduleIssueStatus,
      readOnly: true,
      filter: ['in', 'eq'],
      sort: true,
      width: 120,
    },
    planProgress: {
      label: '计划进度',
      type: 'enum',
      enum: planProgressStatus,
      readOnly: true,
      filter: ['in', 'eq'],
      sort: true,
      width: 90,
    },
    preparationStatus: {
      label: '备料状态',
      type: 'enum',
      enum: materialPreparationStatus,
      readOnly: true,
      filter: ['in', 'eq'],
      width: 90,
    },
    priority: {
      label: '优先级',
      type: 'enum',
      enum: priority,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 80,
    },
    deliveryTime: {
      label: '交货日期',
      type: 'datetime',
      readOnly: true,
      filter: ['between', 'gte', 'lte'],
      sort: true,
      width: 170,
    },
    remark: remarkField,
    createdAt: createdAtField,
  },
});
