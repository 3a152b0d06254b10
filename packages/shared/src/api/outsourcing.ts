import { type Static, type TSchema, Type } from 'typebox';
import { MAX_PRODUCE_QUANTITY } from '../entities/produceOrder.ts';
import { VersionField } from '../machines/endpoints.ts';
import { OUTSOURCING_BASE } from '../machines/outsourcing.ts';
import { endpoint } from './contract.ts';
import { IdQuery, RowId } from './list.ts';

const O = `${OUTSOURCING_BASE}outsourceOrder/`;
const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);
const Remark = Type.Optional(nullable(Type.String({ maxLength: 200, title: '备注' })));

/** 发外: how many units go out to the supplier now. */
export const SendBody = Type.Object(
  {
    id: RowId('委外单'),
    version: VersionField,
    quantity: Type.Number({ exclusiveMinimum: 0, maximum: MAX_PRODUCE_QUANTITY, title: '发外数量' }),
    remark: Remark,
  },
  { additionalProperties: false },
);
export type SendBody = Static<typeof SendBody>;

/** 收回: what came back, good and defective; written as the step's report. */
export const ReceiveBackBody = Type.Object(
  {
    id: RowId('委外单'),
    version: VersionField,
    goodQuantity: Type.Number({ minimum: 0, maximum: MAX_PRODUCE_QUANTITY, title: '合格数量' }),
    defectQuantity: Type.Optional(
      Type.Number({ minimum: 0, maximum: MAX_PRODUCE_QUANTITY, title: '不良数量' }),
    ),
    /** Why the defective ones are: the report's defect reason (all of them). */
    scrapReasonId: Type.Optional(nullable(RowId('不良原因'))),
    remark: Remark,
  },
  { additionalProperties: false },
);
export type ReceiveBackBody = Static<typeof ReceiveBackBody>;

/** 撤销收回: one receipt taken back with its report, with why. */
export const UnreceiveBackBody = Type.Object(
  {
    id: RowId('委外单'),
    version: VersionField,
    receiptId: RowId('收回记录'),
    reason: Type.String({ minLength: 1, maxLength: 200, title: '撤销原因' }),
  },
  { additionalProperties: false },
);
export type UnreceiveBackBody = Static<typeof UnreceiveBackBody>;

/** One sending out (发外) of an order. */
export const SendRow = Type.Object({
  id: Type.Integer(),
  quantity: Type.Number(),
  /** The transfer that moved the step's materials to the supplier (委外发料), when any moved. */
  stockDocCode: nullable(Type.String()),
  remark: nullable(Type.String()),
  createdAt: Type.String(),
  createdByName: nullable(Type.String()),
});

/** One receipt (收回) of an order, with the report it wrote. */
export const ReceiptBackRow = Type.Object({
  id: Type.Integer(),
  reportId: Type.Integer(),
  reportCode: Type.String(),
  goodQuantity: Type.Number(),
  defectQuantity: Type.Number(),
  remark: nullable(Type.String()),
  createdAt: Type.String(),
  createdByName: nullable(Type.String()),
  reversedAt: nullable(Type.String()),
  reverseReason: nullable(Type.String()),
});

export const OutsourceTrace = Type.Object({
  sends: Type.Array(SendRow),
  receipts: Type.Array(ReceiptBackRow),
  /** What may be sent now: what the previous steps passed on, less what is reported or out. */
  available: Type.Number(),
  /** Sent and not yet received back. */
  outstanding: Type.Number(),
});
export type OutsourceTrace = Static<typeof OutsourceTrace>;

export const OutsourcedTasksQuery = Type.Object(
  { workOrderId: RowId('工单') },
  { additionalProperties: false },
);

/** An outsourced step of a work order, as the add dialog offers it. */
export const OutsourcedTask = Type.Object({
  id: Type.Integer(),
  seq: Type.Integer(),
  procedureName: Type.String(),
  /** The work order's quantity: what the step is planned to take. */
  plannedQuantity: Type.Number(),
  /** Units of the step already on outsourcing orders not cancelled. */
  orderedQuantity: Type.Number(),
});
export type OutsourcedTask = Static<typeof OutsourcedTask>;

const StateResult = Type.Object({ id: RowId(), version: Type.Integer() }, { additionalProperties: true });

/** Outsourcing calls beyond the standard and machine calls. */
export const outsourcingApi = {
  send: endpoint({
    method: 'POST',
    path: `${O}send`,
    summary: '委外发外：发出数量不超过该工序可发数量（上道工序转入减已报工、已在外）',
    access: { keys: ['outSourceListsSend'] },
    body: SendBody,
    result: StateResult,
  }),
  receive: endpoint({
    method: 'POST',
    path: `${O}receive`,
    summary: '委外收回：合格与不良数量记为该工序的报工（注明供应商），不超过在外数量',
    access: { keys: ['outSourceListsReceive'] },
    body: ReceiveBackBody,
    result: StateResult,
  }),
  unreceive: endpoint({
    method: 'POST',
    path: `${O}reverseReceipt`,
    summary: '撤销收回：撤销一次收回及其报工记录',
    access: { keys: ['outSourceListsReverse'] },
    body: UnreceiveBackBody,
    result: StateResult,
  }),
  trace: endpoint({
    method: 'GET',
    path: `${O}getOutsourceOrderTrace`,
    summary: '委外单跟踪：各次发外与收回（含撤销），可发数量与在外数量',
    access: { keys: ['outSourceLists', 'outSourceListsDetail'] },
    query: IdQuery,
    result: OutsourceTrace,
  }),
  tasks: endpoint({
    method: 'GET',
    path: `${O}getOutsourcedTasks`,
    summary: '工单的委外工序：新增委外单时可选的工序',
    access: { keys: ['outSourceListsAdd'] },
    query: OutsourcedTasksQuery,
    result: Type.Array(OutsourcedTask),
  }),
};
