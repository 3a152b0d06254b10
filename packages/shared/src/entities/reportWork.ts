import { Type } from 'typebox';
import { defineEntity } from './define.ts';
import { createdAtField, idField, remarkField } from './information.ts';
import { keptQuantity, productColumns, shownRef, shownText } from './produceOrder.ts';

/** Base of report-work calls (报工, spec 000 §7 pattern under production). */
export const REPORT_BASE = 'production/kiki/private/reportWork/';

const shown = (label: string, width = 130) => shownText(label, width);
const qty = (label: string) => keptQuantity(label, 90);
const ref = (label: string, entity: string, idField: string, width = 120) =>
  shownRef(label, entity, idField, width);

/**
 * Reports of work (报工记录, plans → report-records): one row per report on a task, written by the
 * report call (station terminal, work-order detail), never by a form. A withdrawal (撤销) is a new
 * row with negated quantities pointing at the original (`reversalOfCode`); the original is kept
 * and shows when it was withdrawn.
 */
export const reportWorkEntity = defineEntity({
  name: 'reportWork',
  label: '报工记录',
  route: 'reportRecords',
  buttons: ['Export'],
  defaultOrder: '-createdAt',
  api: { base: REPORT_BASE, name: 'ReportWork' },
  autoCode: { prefix: 'BG', dateFormat: 'YYYYMMDD', seqLength: 4, resetPeriod: 1 },
  extraRow: {
    taskId: Type.Integer(),
    workOrderId: Type.Integer(),
    reversalOf: Type.Union([Type.Integer(), Type.Null()]),
    userIds: Type.Array(Type.Integer()),
  },
  fields: {
    id: idField,
    code: shown('报工单号', 160),
    workOrderCode: shown('工单编号', 160),
    produceOrderNumber: shown('订单编号', 150),
    materialsName: shown('产品', 160),
    ...productColumns,
    areaName: ref('产线', 'area', 'areaId'),
    procedureName: ref('工序', 'procedure', 'procedureId', 100),
    stationName: ref('工位', 'station', 'stationId'),
    userNames: shown('报工人员', 140),
    frequencyName: ref('班次', 'frequency', 'frequencyId', 90),
    shiftDate: {
      label: '班次日期',
      type: 'date',
      readOnly: true,
      filter: ['between', 'gte', 'lte', 'eq'],
      sort: true,
      width: 110,
    },
    goodQuantity: qty('合格数量'),
    defectQuantity: qty('不良数量'),
    repairQuantity: qty('返修数量'),
    defectReasons: { label: '不良原因', type: 'string', readOnly: true, width: 160 },
    startTime: { label: '开始时间', type: 'datetime', readOnly: true, sort: true, width: 170 },
    endTime: { label: '结束时间', type: 'datetime', readOnly: true, sort: true, width: 170 },
    workHours: { label: '工时(小时)', type: 'number', readOnly: true, sort: true, width: 100 },
    reversalOfCode: { ...shown('撤销的报工单', 160), sort: false },
    reversedAt: { label: '撤销时间', type: 'datetime', readOnly: true, sort: true, width: 170 },
    remark: { label: '备注', type: 'string', readOnly: true, width: 160 },
    createdByName: shown('录入人', 100),
    createdAt: createdAtField,
  },
});

/** Piece rate (计件单价, plans-settings → piece-rate): per procedure, or per procedure and product. */
export const pieceRateEntity = defineEntity({
  name: 'pieceRate',
  label: '计件单价',
  route: 'pieceRate',
  defaultOrder: '-createdAt',
  api: { base: 'production/kiki/private/pieceRate/', name: 'PieceRate' },
  fields: {
    id: idField,
    procedureName: {
      label: '工序',
      type: 'string',
      required: true,
      ref: { entity: 'procedure', by: 'name', idField: 'procedureId' },
      filter: ['like'],
      sort: true,
      import: true,
      width: 130,
    },
    materialsName: {
      label: '产品',
      type: 'string',
      ref: { entity: 'materials', by: 'code', idField: 'materialsId' },
      filter: ['like'],
      sort: true,
      import: true,
      importHeader: '产品编码',
      placeholder: '留空则适用于该工序的所有产品',
      width: 180,
    },
    unitPrice: {
      label: '计件单价(元)',
      type: 'number',
      required: true,
      min: 0,
      max: 1_000_000,
      sort: true,
      import: true,
      width: 120,
    },
    defectDeduction: {
      label: '不良扣款(元/件)',
      type: 'number',
      min: 0,
      max: 1_000_000,
      sort: true,
      import: true,
      width: 130,
    },
    remark: { ...remarkField, import: true },
    createdAt: createdAtField,
  },
});
