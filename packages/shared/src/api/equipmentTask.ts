import { type Static, type TSchema, Type } from 'typebox';
import { MAX_ASSIGNEES, MAX_CHECK_ITEMS } from '../entities/equipmentTask.ts';
import { VersionField } from '../machines/endpoints.ts';
import { TASK_KINDS, type TaskKind, taskBase } from '../machines/equipmentTask.ts';
import { endpoint } from './contract.ts';
import { SparePartLine } from './equipmentRepair.ts';
import { IdQuery, RowId } from './list.ts';

const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

/**
 * One item of a task: the check item as it was when the task was started (before that, as it is
 * now: `id` 0), and its result.
 */
export const TaskItemRow = Type.Object({
  id: Type.Integer(),
  itemId: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  part: nullable(Type.String()),
  method: nullable(Type.String()),
  /** checkValueType: 0 OK/NG, 1 numeric, 2 text. */
  valueType: Type.Integer(),
  standard: nullable(Type.String()),
  lowerLimit: nullable(Type.Number()),
  upperLimit: nullable(Type.Number()),
  unit: nullable(Type.String()),
  needsPhoto: Type.Boolean(),
  /** checkResult: 0 OK, 1 NG; null until judged. */
  result: nullable(Type.Integer()),
  value: nullable(Type.Number()),
  text: nullable(Type.String()),
  photoUrls: Type.Array(Type.String()),
  remark: nullable(Type.String()),
});
export type TaskItemRow = Static<typeof TaskItemRow>;

/** One item's result as the executor enters it; a numeric item's verdict follows its limits. */
export const TaskItemResult = Type.Object(
  {
    itemId: RowId('检查项目'),
    result: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { title: '判定' })),
    value: Type.Optional(Type.Number({ minimum: -1e9, maximum: 1e9, title: '实测值' })),
    text: Type.Optional(Type.String({ maxLength: 500, title: '记录' })),
    photoUrls: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 9, title: '照片' })),
    remark: Type.Optional(Type.String({ maxLength: 200, title: '备注' })),
  },
  { additionalProperties: false },
);
export type TaskItemResult = Static<typeof TaskItemResult>;

export const FinishTaskBody = Type.Object(
  {
    id: RowId(),
    version: VersionField,
    items: Type.Array(TaskItemResult, { minItems: 1, maxItems: MAX_CHECK_ITEMS, title: '检查结果' }),
    /** Upkeep only: the spare parts it replaced, issued from stock (备件领用, source type 1). */
    parts: Type.Optional(Type.Array(SparePartLine, { maxItems: 50, title: '更换备件' })),
  },
  { additionalProperties: false },
);
export type FinishTaskBody = Static<typeof FinishTaskBody>;

export const DistributeTaskBody = Type.Object(
  {
    id: RowId(),
    version: VersionField,
    assigneeIds: Type.Array(RowId('执行人'), { minItems: 1, maxItems: MAX_ASSIGNEES, title: '执行人' }),
  },
  { additionalProperties: false },
);
export type DistributeTaskBody = Static<typeof DistributeTaskBody>;

const StateResult = Type.Object(
  { id: Type.Integer(), version: Type.Integer(), status: Type.Integer() },
  { additionalProperties: true },
);

/** The calls of one kind of task beyond its list, machine and standard calls. */
const taskApi = (k: TaskKind) => {
  const base = taskBase(k);
  return {
    items: endpoint({
      method: 'GET',
      path: `${base}getItemList`,
      summary: `${k.label}检查项目及结果`,
      access: { keys: [k.route, `${k.route}Detail`] },
      query: IdQuery,
      result: Type.Array(TaskItemRow),
    }),
    finish: endpoint({
      method: 'POST',
      path: `${base}finish`,
      summary: `提交${k.label}：各项目的实测值、OK/NG 与备注；有 NG 项时生成一张故障报修`,
      access: { keys: [`${k.route}Finish`] },
      body: FinishTaskBody,
      result: StateResult,
    }),
    distribute: endpoint({
      method: 'POST',
      path: `${base}distribute`,
      summary: `改派${k.label}：换成所选执行人`,
      access: { keys: [`${k.route}Distribute`] },
      body: DistributeTaskBody,
      result: StateResult,
    }),
  };
};

export const pointBillApi = taskApi(TASK_KINDS[0]);
export const inspectionBillApi = taskApi(TASK_KINDS[1]);
export const maintenanceBillApi = taskApi(TASK_KINDS[2]);

/** Per kind (0 点检, 1 巡检, 2 保养), in TASK_KINDS order. */
export const equipmentTaskApi = [pointBillApi, inspectionBillApi, maintenanceBillApi] as const;

/** A run-hour plan's machine: its counter now and the reading its next task is due at. */
export const PlanMeterRow = Type.Object({
  equipmentId: Type.Integer(),
  equipmentCode: nullable(Type.String()),
  equipmentName: Type.String(),
  /** The run-hour counter now (null: the machine never reported and was never set by hand). */
  runHours: nullable(Type.Number()),
  /** The next task comes when the counter reaches this (null: the plan has not seen the machine yet). */
  nextHours: nullable(Type.Integer()),
});
export type PlanMeterRow = Static<typeof PlanMeterRow>;

/** 按运行小时 plans of either list: where each machine stands against its next task. */
const planMeters = (base: string, route: string, label: string) =>
  endpoint({
    method: 'GET',
    path: `equipment/private/${base}/getRunHourList`,
    summary: `${label}（按运行小时）各设备的累计运行小时与下次生成工单的读数`,
    access: { keys: [`${route}Detail`] },
    query: IdQuery,
    result: Type.Array(PlanMeterRow),
  });

export const planMeterApi = {
  inspection: planMeters('inspectionPlan', 'inspectionPlanList', '点巡检计划'),
  maintenance: planMeters('maintenancePlan', 'maintenancePlanList', '保养计划'),
};
