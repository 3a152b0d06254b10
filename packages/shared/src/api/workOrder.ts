import { type Static, type TSchema, Type } from 'typebox';
import { entityEndpoints } from '../entities/endpoints.ts';
import { MAX_PRODUCE_QUANTITY } from '../entities/produceOrder.ts';
import { REPORT_BASE, reportWorkEntity } from '../entities/reportWork.ts';
import { workOrderEntity } from '../entities/workOrder.ts';
import { ReasonField, VersionField } from '../machines/endpoints.ts';
import { PRODUCTION_BASE } from '../machines/plans.ts';
import { endpoint } from './contract.ts';
import { ExportQuery } from './import.ts';
import { BigRowId, RowId } from './list.ts';

const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);
const Time = (title: string) => Type.String({ format: 'date-time', title });
const Quantity = (title: string) => Type.Number({ minimum: 0, maximum: MAX_PRODUCE_QUANTITY, title });
const Named = Type.Object({ id: Type.Integer(), name: Type.String() });

const W = `${PRODUCTION_BASE}produceWorkOrder/`;
const T = `${PRODUCTION_BASE}produceTask/`;

/** Most operators one report or one task's distribution names. */
export const MAX_OPERATORS = 50;
/** Most defect reasons of one report. */
export const MAX_DEFECT_LINES = 50;

/** A work order as its list and detail answer it (the work-order progress row). */
export const WorkOrderRow = entityEndpoints(workOrderEntity).detail.result;
export type WorkOrderRow = Static<typeof WorkOrderRow>;

/**
 * A work order's task on one step (工序任务), as the work-order detail and the station terminal
 * show it: what it may take (`inQuantity`), what is reported, what is still `available`, where it
 * may run and to whom it was distributed.
 */
export const TaskRow = Type.Object({
  id: Type.Integer(),
  /** The work order's number and the step (WO20261124001-02). */
  code: Type.String(),
  workOrderId: Type.Integer(),
  seq: Type.Integer(),
  procedureId: Type.Integer(),
  procedureName: Type.String(),
  /** 0 自制, 1 委外. */
  processType: Type.Integer(),
  standardMinutes: nullable(Type.Number()),
  inQuantity: Type.Number(),
  goodQuantity: Type.Number(),
  defectQuantity: Type.Number(),
  repairQuantity: Type.Number(),
  /** inQuantity − (good + defect + repair): what a report may still say. */
  availableQuantity: Type.Number(),
  /** taskStatus: 0 pending start, 1 in progress, 2 completed, 3 force-ended. */
  status: Type.Integer(),
  isSkipped: Type.Boolean(),
  actualStartTime: nullable(Type.String()),
  finishedAt: nullable(Type.String()),
  currentStationId: nullable(Type.Integer()),
  currentStationName: nullable(Type.String()),
  currentUserId: nullable(Type.Integer()),
  currentUserName: nullable(Type.String()),
  /** The stations the step allows, and whether the task was distributed to each. */
  stations: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), distributed: Type.Boolean() })),
  /** The operators it was distributed to. */
  users: Type.Array(Named),
  version: Type.Integer(),
});
export type TaskRow = Static<typeof TaskRow>;

export const WorkOrderIdQuery = Type.Object({ workOrderId: RowId('工单') }, { additionalProperties: false });

/** distribute (派工): per task, the stations (among those its step allows) and the operators. */
export const DistributeBody = Type.Object(
  {
    id: RowId('工单'),
    version: VersionField,
    tasks: Type.Array(
      Type.Object(
        {
          taskId: RowId('工序任务'),
          stationIds: Type.Array(RowId('工位'), { maxItems: 200, title: '工位' }),
          userIds: Type.Array(RowId('人员'), { maxItems: MAX_OPERATORS, title: '人员' }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 200, title: '工序任务' },
    ),
  },
  { additionalProperties: false },
);
export type DistributeBody = Static<typeof DistributeBody>;

/** split (拆分) and reduce (减量): a quantity out of the work order, or its new quantity. */
export const QuantityActionBody = (title: string) =>
  Type.Object(
    {
      id: RowId('工单'),
      version: VersionField,
      quantity: Type.Number({ exclusiveMinimum: 0, maximum: MAX_PRODUCE_QUANTITY, title }),
    },
    { additionalProperties: false },
  );

const ActionResult = Type.Object({ id: RowId(), version: Type.Integer() }, { additionalProperties: true });

/** start of a task (开工) at a station. */
export const TaskStartBody = Type.Object(
  {
    id: RowId('工序任务'),
    version: VersionField,
    /** Left out: the signed-in user's current station. */
    stationId: Type.Optional(RowId('工位')),
  },
  { additionalProperties: false },
);

/** A report of work (报工) on one task. */
export const ReportBody = Type.Object(
  {
    taskId: RowId('工序任务'),
    /** Left out: the signed-in user's current station. */
    stationId: Type.Optional(RowId('工位')),
    /** Left out: the signed-in user alone. */
    userIds: Type.Optional(
      Type.Array(RowId('报工人员'), { minItems: 1, maxItems: MAX_OPERATORS, title: '报工人员' }),
    ),
    /** Left out: the signed-in user's current shift. */
    frequencyId: Type.Optional(nullable(RowId('班次'))),
    goodQuantity: Quantity('合格数量'),
    defectQuantity: Type.Optional(Quantity('不良数量')),
    repairQuantity: Type.Optional(Quantity('返修数量')),
    /** The defect quantity by reason; when given it must add up to the defect quantity. */
    defects: Type.Optional(
      Type.Array(
        Type.Object(
          {
            scrapReasonId: RowId('不良原因'),
            quantity: Type.Number({ exclusiveMinimum: 0, maximum: MAX_PRODUCE_QUANTITY, title: '不良数量' }),
          },
          { additionalProperties: false },
        ),
        { maxItems: MAX_DEFECT_LINES, title: '不良原因' },
      ),
    ),
    startTime: Type.Optional(nullable(Time('开始时间'))),
    endTime: Type.Optional(nullable(Time('结束时间'))),
    /** Left out: (end − start − pauses) × operators. */
    workHours: Type.Optional(nullable(Type.Number({ minimum: 0, maximum: 100_000, title: '工时' }))),
    remark: Type.Optional(nullable(Type.String({ maxLength: 200, title: '备注' }))),
    /** The mould the work ran on (DOMAIN "Shots"): lent to the work order's line; its counter moves. */
    mouldId: Type.Optional(nullable(RowId('模具'))),
  },
  { additionalProperties: false },
);
export type ReportBody = Static<typeof ReportBody>;

/** What a report answers: its record, and the task and work order as they now stand. */
export const ReportResult = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  task: TaskRow,
  workOrderStatus: Type.Integer(),
  workOrderVersion: Type.Integer(),
});

export const ReversalBody = Type.Object(
  { id: BigRowId('报工记录'), reason: Type.Optional(ReasonField('撤销')) },
  { additionalProperties: false },
);

/** The station terminal's query: the station (default: the user's) and a scanned or typed number. */
export const StationTaskQuery = Type.Object(
  {
    stationId: Type.Optional(RowId('工位')),
    search: Type.Optional(Type.String({ maxLength: 60, title: '工单编号' })),
  },
  { additionalProperties: false },
);

/** A task queued at a station, with its work order's facts the operator needs. */
export const StationTask = Type.Object({
  ...TaskRow.properties,
  workOrderCode: Type.String(),
  workOrderStatus: Type.Integer(),
  workOrderVersion: Type.Integer(),
  isPaused: Type.Integer(),
  produceOrderNumber: nullable(Type.String()),
  materialsName: Type.String(),
  materialsCode: Type.String(),
  materialsSpecifications: nullable(Type.String()),
  unitName: nullable(Type.String()),
  workOrderQuantity: Type.Number(),
  priority: Type.Integer(),
  planStartTime: nullable(Type.String()),
  planEndTime: nullable(Type.String()),
  /** The previous step's procedure, when this is not the first. */
  previousProcedureName: nullable(Type.String()),
});
export type StationTask = Static<typeof StationTask>;

export const StationTaskResult = Type.Object({
  station: nullable(
    Type.Object({ id: Type.Integer(), name: Type.String(), areaName: nullable(Type.String()) }),
  ),
  tasks: Type.Array(StationTask),
});

/** An order's progress by procedure: its work orders' tasks on each step, added up. */
export const ProcedureProgress = Type.Object({
  procedureId: Type.Integer(),
  procedureName: Type.String(),
  /** The step's place in the flow (the first work order's). */
  seq: Type.Integer(),
  /** Σ work-order quantity of the normal (not rework) work orders that have this step. */
  quantity: Type.Number(),
  goodQuantity: Type.Number(),
  defectQuantity: Type.Number(),
  repairQuantity: Type.Number(),
  /** goodQuantity ÷ quantity. */
  finishRatio: Type.Number(),
});
export type ProcedureProgress = Static<typeof ProcedureProgress>;

/** Salary per operator and period (绩效工资). */
export const SalaryQuery = Type.Object(
  {
    beginTime: Type.String({ format: 'date', title: '开始日期' }),
    endTime: Type.String({ format: 'date', title: '结束日期' }),
    userName: Type.Optional(Type.String({ maxLength: 50, title: '人员' })),
  },
  { additionalProperties: false },
);

export const SalaryRow = Type.Object({
  userId: Type.Integer(),
  userName: Type.String(),
  jobNumber: nullable(Type.String()),
  reportCount: Type.Integer(),
  goodQuantity: Type.Number(),
  defectQuantity: Type.Number(),
  /** Σ share × good × unit price. */
  goodAmount: Type.Number(),
  /** Σ share × defect × deduction. */
  deduction: Type.Number(),
  amount: Type.Number(),
  /** Σ share × standard minutes × good, in hours. */
  standardHours: Type.Number(),
  workHours: Type.Number(),
  /** standardHours ÷ workHours (0 when no hours). */
  efficiency: Type.Number(),
});
export type SalaryRow = Static<typeof SalaryRow>;

/** Work orders, tasks, report work, the station terminal and salary, beyond standard and machine calls. */
export const workOrderApi = {
  tasks: endpoint({
    method: 'GET',
    path: `${T}getProduceTaskList`,
    summary: '工单的工序任务（含可报数量、派工工位与人员）',
    access: { keys: ['workList', 'workDetail', 'orderDetail', 'stationScheduling'] },
    query: WorkOrderIdQuery,
    result: Type.Array(TaskRow),
  }),
  orderProgress: endpoint({
    method: 'GET',
    path: `${W}getOrderProcedureProgress`,
    summary: '订单按工序的生产进度（其工单各工序的合格、不良、返修数量）',
    access: { keys: ['orderList', 'orderDetail'] },
    query: Type.Object({ orderId: RowId('订单') }, { additionalProperties: false }),
    result: Type.Array(ProcedureProgress),
  }),
  distribute: endpoint({
    method: 'POST',
    path: `${W}distribute`,
    summary: '派工：为各工序任务指定工位与人员',
    access: { keys: ['workListDistribute'] },
    body: DistributeBody,
    result: ActionResult,
  }),
  split: endpoint({
    method: 'POST',
    path: `${W}split`,
    summary: '拆分工单：拆出一部分数量为新工单',
    access: { keys: ['workListSplit'] },
    body: QuantityActionBody('拆分数量'),
    result: Type.Object({ id: Type.Integer(), code: Type.String(), version: Type.Integer() }),
  }),
  reduce: endpoint({
    method: 'POST',
    path: `${W}reduce`,
    summary: '工单减量：把工单数量减为新的数量',
    access: { keys: ['workListReduce'] },
    body: QuantityActionBody('减量后数量'),
    result: ActionResult,
  }),
  startTask: endpoint({
    method: 'POST',
    path: `${T}start`,
    summary: '工序任务开工（在工位上）',
    access: { keys: ['workListStart', 'stationScheduling'] },
    body: TaskStartBody,
    result: ActionResult,
  }),
  report: endpoint({
    method: 'POST',
    path: `${REPORT_BASE}addReportWork`,
    summary: '报工：合格、不良（按原因）、返修数量',
    access: { keys: ['reportRecordsAdd', 'stationScheduling'] },
    body: ReportBody,
    result: ReportResult,
  }),
  reverse: endpoint({
    method: 'POST',
    path: `${REPORT_BASE}withdraw`,
    summary: '撤销报工：写一条冲销记录，原记录保留',
    access: { keys: ['reportRecordsWithdraw'] },
    body: ReversalBody,
    result: Type.Object({ id: Type.Integer(), code: Type.String() }),
  }),
  workOrderReports: endpoint({
    method: 'GET',
    path: `${REPORT_BASE}getReportWorkListByWorkOrder`,
    summary: '工单的报工记录',
    access: { keys: ['workList', 'workDetail', 'orderDetail', 'reportRecords'] },
    query: WorkOrderIdQuery,
    result: Type.Array(entityEndpoints(reportWorkEntity).detail.result),
  }),
  stationTasks: endpoint({
    method: 'GET',
    path: `${T}getStationTaskList`,
    summary: '工位终端：排在工位上的工序任务（按计划开始、优先级）',
    access: { keys: ['stationScheduling'] },
    query: StationTaskQuery,
    result: StationTaskResult,
  }),
  salary: endpoint({
    method: 'GET',
    path: `${PRODUCTION_BASE}pieceRate/getPerformanceSalaryList`,
    summary: '绩效工资：按人员汇总期间内的计件工资',
    access: { keys: ['performanceSalary'] },
    query: SalaryQuery,
    result: Type.Array(SalaryRow),
  }),
  salaryExport: endpoint({
    method: 'GET',
    path: `${PRODUCTION_BASE}pieceRate/exportPerformanceSalary`,
    summary: '导出绩效工资',
    access: { keys: ['performanceSalaryExport'] },
    query: Type.Object(
      { ...SalaryQuery.properties, ...ExportQuery.properties },
      { additionalProperties: false },
    ),
  }),
};
