import { Type } from 'typebox';
import { handlingStatus, nonconformingSource, workOrderStatus } from '../enums/index.ts';
import { QUALITY_BASE } from '../machines/quality.ts';
import { defineEntity, type FieldDecl } from './define.ts';
import { idField } from './information.ts';
import { keptQuantity, shownText } from './produceOrder.ts';

const nullableId = Type.Union([Type.Integer(), Type.Null()]);

/** A value the system wrote, shown only. */
const plain = (label: string, width: number, sort = true) =>
  ({ label, type: 'string', readOnly: true, sort, width }) satisfies FieldDecl;
const timeField = (label: string) =>
  ({
    label,
    type: 'datetime',
    readOnly: true,
    filter: ['between', 'gte', 'lte'],
    sort: true,
    width: 170,
  }) satisfies FieldDecl;

/**
 * Repair records (返修记录, repair-record; docs/quality.md "Repair and report-waste records"): one
 * row per repair disposition of a non-conforming record — a report's repair quantity (born handled)
 * or a 返修 taken on the record later — with where the units came from (the record's material, work
 * order and step) and the rework work order the repair made, as it stands now. Read only.
 */
export const repairRecordEntity = defineEntity({
  name: 'repairRecord',
  label: '返修记录',
  route: 'repairRecord',
  buttons: ['Export', 'Detail'],
  defaultOrder: '-handledAt',
  api: { base: `${QUALITY_BASE}repairRecord/`, name: 'RepairRecord' },
  extraRow: {
    ncId: Type.Integer(),
    materialsId: nullableId,
    workOrderId: nullableId,
    reworkWorkOrderId: nullableId,
  },
  fields: {
    id: idField,
    code: shownText('不合格品单号', 160),
    source: {
      label: '来源',
      type: 'enum',
      enum: nonconformingSource,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 100,
    },
    sourceCode: plain('来源单号', 150),
    materialsName: shownText('物料', 160),
    materialsCode: shownText('物料编码', 120),
    workOrderCode: shownText('工单', 150),
    procedureName: plain('工序', 100),
    quantity: keptQuantity('返修数量', 90),
    reworkWorkOrderCode: shownText('返修工单', 150),
    reworkStatus: {
      label: '返修工单状态',
      type: 'enum',
      enum: workOrderStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 110,
    },
    handledByName: plain('处置人', 90),
    handledAt: timeField('处置时间'),
    remark: plain('说明', 200, false),
  },
});

/**
 * Report-waste records (报工报废记录, report-waste-record; docs/quality.md "Repair and report-waste
 * records"): one row per scrap-reason line of a report's defect quantity, or one row for a report
 * whose defects name no reason; reversed reports and their reversals are left out. Each row names
 * the non-conforming record the report opened and how far it is handled. A line has no id of its
 * own: the row's id is the report's id × 100 + the line's place among the report's reasons (by
 * reason id, 1–50; 0 for a report without reasons). Read only.
 */
export const reportWasteRecordEntity = defineEntity({
  name: 'reportWasteRecord',
  label: '报工报废记录',
  route: 'reportWasteRecord',
  buttons: ['Export', 'Detail'],
  defaultOrder: '-reportedAt',
  api: { base: `${QUALITY_BASE}reportWasteRecord/`, name: 'ReportWasteRecord' },
  extraRow: {
    reportId: Type.Integer(),
    workOrderId: Type.Integer(),
    materialsId: nullableId,
    scrapReasonId: nullableId,
    ncId: nullableId,
  },
  fields: {
    id: idField,
    reportCode: shownText('报工单号', 160),
    reportedAt: timeField('报工时间'),
    workOrderCode: shownText('工单', 150),
    materialsName: shownText('物料', 160),
    materialsCode: shownText('物料编码', 120),
    procedureName: shownText('工序', 100),
    stationName: plain('工位', 110),
    userNames: plain('报工人员', 120, false),
    scrapReasonName: shownText('报废原因', 130),
    scrapReasonCategory: shownText('原因分类', 110),
    quantity: keptQuantity('报废数量', 90),
    ncCode: plain('不合格品单号', 160),
    handlingStatus: {
      label: '处理状态',
      type: 'enum',
      enum: handlingStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
  },
});
