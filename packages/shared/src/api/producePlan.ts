import { type Static, type TSchema, Type } from 'typebox';
import { entityEndpoints } from '../entities/endpoints.ts';
import { MAX_PRODUCE_QUANTITY } from '../entities/produceOrder.ts';
import { producePlanEntity } from '../entities/producePlan.ts';
import { VersionField } from '../machines/endpoints.ts';
import { PRODUCTION_BASE } from '../machines/plans.ts';
import { endpoint } from './contract.ts';
import { ListPageQuery, PageResult, RowId } from './list.ts';

const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);
const Time = (title: string) => Type.String({ format: 'date-time', title });
const OptionalTime = (title: string) => Type.Optional(nullable(Time(title)));

/** Largest number of plans one batch call takes. */
export const MAX_PLAN_BATCH = 500;
/** Largest number of material lines of one plan. */
export const MAX_PLAN_MATERIALS = 1000;

const P = `${PRODUCTION_BASE}producePlan/`;
/** The spec keeps a plan's materials under the work-order plan materials path. */
const M = `${PRODUCTION_BASE}produceWorkOrderPlanMaterials/`;

/** A plan as its list, detail and select calls answer it. */
const PlanRow = entityEndpoints(producePlanEntity).detail.result;

/** getProducePlanListWithCount: the page, and how many plans each schedule-and-issue tab holds. */
export const PlanPageWithCount = Type.Object({
  content: Type.Array(PlanRow),
  total: Type.Integer(),
  /** Per scheduleStatus, under the same filters but the status's own. */
  counts: Type.Array(Type.Object({ scheduleStatus: Type.Integer(), count: Type.Integer() })),
});

/** getProducePlanForTracePage: a plan with how far its work orders have come. */
export const PlanTraceRow = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  produceOrderNumber: nullable(Type.String()),
  materialsName: nullable(Type.String()),
  areaName: nullable(Type.String()),
  quantity: Type.Number(),
  scheduleStatus: Type.Integer(),
  planProgress: Type.Integer(),
  planStartTime: nullable(Type.String()),
  planEndTime: nullable(Type.String()),
  workOrderCount: Type.Integer(),
  /** Σ completed quantity of its work orders (the last step's good quantity). */
  completedQuantity: Type.Number(),
  /** completedQuantity ÷ quantity. */
  finishRatio: Type.Number(),
});

/** One line of a plan's materials (计划用料). */
export const PlanMaterial = Type.Object({
  id: Type.Integer(),
  planId: Type.Integer(),
  materialId: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  specifications: nullable(Type.String()),
  unitName: nullable(Type.String()),
  procedureId: nullable(Type.Integer()),
  procedureName: nullable(Type.String()),
  requiredQuantity: Type.Number(),
  issuedQuantity: Type.Number(),
  remark: nullable(Type.String()),
});
export type PlanMaterial = Static<typeof PlanMaterial>;

export const PlanIdQuery = Type.Object({ planId: RowId('生产计划') }, { additionalProperties: false });

export const PlanMaterialPageQuery = Type.Object(
  { ...ListPageQuery.properties, planId: RowId('生产计划') },
  { additionalProperties: false },
);

/** One line as the materials editor sends it. */
export const PlanMaterialBody = Type.Object(
  {
    materialId: RowId('物料'),
    procedureId: Type.Optional(nullable(RowId('工序'))),
    requiredQuantity: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000, title: '需求数量' }),
    remark: Type.Optional(nullable(Type.String({ maxLength: 200, title: '备注' }))),
  },
  { additionalProperties: false },
);
export type PlanMaterialBody = Static<typeof PlanMaterialBody>;

/** A plan's materials as a whole, replacing what it had; only before release. */
export const PlanMaterialsBody = Type.Object(
  {
    planId: RowId('生产计划'),
    version: VersionField,
    items: Type.Array(PlanMaterialBody, { maxItems: MAX_PLAN_MATERIALS, title: '计划用料' }),
  },
  { additionalProperties: false },
);

export const PlanIdsBody = Type.Object(
  {
    ids: Type.Array(RowId('生产计划'), { minItems: 1, maxItems: MAX_PLAN_BATCH, title: '生产计划' }),
  },
  { additionalProperties: false },
);

/** schedulePlan: these plans (or every unstarted plan not completed), from `startFrom` (now). */
export const ScheduleBody = Type.Object(
  {
    planIds: Type.Optional(Type.Array(RowId('生产计划'), { maxItems: MAX_PLAN_BATCH, title: '生产计划' })),
    startFrom: Type.Optional(Time('开始时间')),
  },
  { additionalProperties: false },
);

export const ScheduleResult = Type.Object({
  /** How many plans got times. */
  scheduled: Type.Integer(),
  /** Plans that end after their order's delivery date. */
  late: Type.Array(
    Type.Object({
      id: Type.Integer(),
      code: Type.String(),
      planEndTime: Type.String(),
      deliveryTime: Type.String(),
      /** How late it ends, in minutes. */
      lateMinutes: Type.Integer(),
      /** The station it waited longest for (why it is late); none when only its own work makes it late. */
      bottleneck: nullable(Type.String()),
    }),
  ),
});

/** A plan block of the Gantt (DOMAIN "Gantt mapping"). */
export const GanttBlock = Type.Object({
  id: Type.Integer(),
  /** Plan number and product. */
  name: Type.String(),
  code: Type.String(),
  /** The plan's order (the chart may colour blocks by it). */
  orderCode: Type.String(),
  areaId: Type.Integer(),
  quantity: Type.Number(),
  version: Type.Integer(),
  start: nullable(Type.String()),
  end: nullable(Type.String()),
  planStartTime: nullable(Type.String()),
  /** Earliest allowed start: now, or the planned start of a started plan. */
  minTime: nullable(Type.String()),
  /** The order's delivery date. */
  maxTime: nullable(Type.String()),
  actualStartTime: nullable(Type.String()),
  /** 1 when scheduled (scheduleStatus 2, 3 or 5). */
  isPlan: Type.Integer(),
  /** The plan's progress; 2 is not drawn. */
  produceStatus: Type.Integer(),
  /** 1: kept where it is when plans are scheduled again. */
  isLocked: Type.Integer(),
  /** What the planner should look at: late, a station double-booked, materials not ready. */
  warnings: Type.Array(Type.String()),
});
export type GanttBlock = Static<typeof GanttBlock>;

/** A line of the Gantt with its blocks. */
export const GanttRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  gtArray: Type.Array(GanttBlock),
});

export const SchedulePlanListBody = Type.Object(
  {
    /** Left out or empty: every line with plans in the window. */
    areaIds: Type.Optional(Type.Array(RowId('产线'), { maxItems: 200, title: '产线' })),
    /** The lines of one workshop (车间). */
    organizationId: Type.Optional(RowId('车间')),
    /** Part of a plan number, an order number, or a product's code or name. */
    keyword: Type.Optional(Type.String({ maxLength: 64, title: '关键字' })),
    beginTime: Time('开始时间'),
    endTime: Time('结束时间'),
  },
  { additionalProperties: false },
);

export const PlanOrderByTimeBody = Type.Object(
  {
    id: RowId('生产计划'),
    planStartTime: Time('计划开始时间'),
    version: Type.Optional(VersionField),
  },
  { additionalProperties: false },
);

export const PlanLockBody = Type.Object(
  {
    id: RowId('生产计划'),
    isLocked: Type.Union([Type.Literal(0), Type.Literal(1)], { title: '锁定' }),
    version: Type.Optional(VersionField),
  },
  { additionalProperties: false },
);

/** addQuickOrder: an order and its one plan for the whole quantity, in one form. */
export const QuickOrderBody = Type.Object(
  {
    code: Type.Optional(nullable(Type.String({ maxLength: 32, title: '订单编号' }))),
    materialsId: RowId('产品'),
    quantity: Type.Number({ minimum: 0.000001, maximum: MAX_PRODUCE_QUANTITY, title: '订单数量' }),
    deliveryTime: Time('交货日期'),
    priority: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, title: '优先级' })),
    customerId: Type.Optional(nullable(RowId('客户'))),
    source: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, title: '订单来源' })),
    sourceCode: Type.Optional(nullable(Type.String({ maxLength: 50, title: '来源单号' }))),
    remark: Type.Optional(nullable(Type.String({ maxLength: 500, title: '备注' }))),
    areaId: RowId('产线'),
    flowVersionId: Type.Optional(RowId('工艺版本')),
    planType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, title: '计划类型' })),
    planStartTime: OptionalTime('计划开始时间'),
    planEndTime: OptionalTime('计划结束时间'),
  },
  { additionalProperties: false },
);

export const QuickOrderResult = Type.Object({
  orderId: Type.Integer(),
  orderCode: Type.String(),
  planId: Type.Integer(),
  planCode: Type.String(),
});

const READ = { keys: ['planList', 'orderDetail'] };
const SCHEDULE = { keys: ['planListSchedule', 'planSchedulesSchedule'] };

/** A plan's calls beyond its standard ones and its machine's (spec 000 §7 "Production plan"). */
export const producePlanApi = {
  listWithCount: endpoint({
    method: 'GET',
    path: `${P}getProducePlanListWithCount`,
    summary: '生产计划分页列表，附各排产下发状态的数量（页签）',
    access: { keys: ['planList'] },
    query: ListPageQuery,
    result: PlanPageWithCount,
  }),
  tracePage: endpoint({
    method: 'GET',
    path: `${P}getProducePlanForTracePage`,
    summary: '生产计划跟踪：每个计划的工单数与完工数量',
    access: READ,
    query: ListPageQuery,
    result: PageResult(PlanTraceRow),
  }),
  deleteBatch: endpoint({
    method: 'POST',
    path: `${P}deleteBatch`,
    summary: '批量删除未下达的生产计划（全部成功或全部不删）',
    access: { keys: ['planListDel'] },
    body: PlanIdsBody,
  }),
  schedule: endpoint({
    method: 'POST',
    path: `${P}schedulePlan`,
    summary: '排产：按优先级、交货日期、计划顺序逐产线排定计划时间',
    access: SCHEDULE,
    body: ScheduleBody,
    result: ScheduleResult,
  }),
  scheduleList: endpoint({
    method: 'POST',
    path: `${P}getSchedulePlanList`,
    summary: '计划排程甘特图：各产线在时间窗内的计划',
    access: { keys: ['planSchedules', 'planList'] },
    body: SchedulePlanListBody,
    result: Type.Array(GanttRow),
  }),
  stationScheduleList: endpoint({
    method: 'POST',
    path: `${P}getScheduleStationList`,
    summary: '计划排程按工位：各工位在时间窗内排定的工序（每块为一个计划的一道工序）',
    access: { keys: ['planSchedules', 'planList'] },
    body: SchedulePlanListBody,
    result: Type.Array(GanttRow),
  }),
  orderByTime: endpoint({
    method: 'POST',
    path: `${P}updatePlanOrderByTime`,
    summary: '拖动计划到新的开始时间，重排其产线上其后的计划',
    access: { keys: ['planSchedulesModify', 'planListSchedule'] },
    body: PlanOrderByTimeBody,
    result: Type.Array(GanttBlock),
  }),
  lock: endpoint({
    method: 'POST',
    path: `${P}lockPlan`,
    summary: '锁定或解锁计划的排程：锁定的计划重新排产时保持不动，也不被拖动的计划推后',
    access: { keys: ['planSchedulesModify', 'planListSchedule'] },
    body: PlanLockBody,
    result: GanttBlock,
  }),
  materials: endpoint({
    method: 'GET',
    path: `${M}getProduceWorkOrderPlanMaterialsList`,
    summary: '生产计划用料清单',
    access: READ,
    query: PlanIdQuery,
    result: Type.Array(PlanMaterial),
  }),
  materialsPage: endpoint({
    method: 'GET',
    path: `${M}getProduceWorkOrderPlanMaterialsListPage`,
    summary: '生产计划用料分页列表',
    access: READ,
    query: PlanMaterialPageQuery,
    result: PageResult(PlanMaterial),
  }),
  editMaterials: endpoint({
    method: 'PUT',
    path: `${M}updateProduceWorkOrderPlanMaterials`,
    summary: '修改生产计划用料（整单替换；仅下达前）',
    access: { keys: ['planListModify'] },
    body: PlanMaterialsBody,
    result: Type.Array(PlanMaterial),
  }),
  quickAdd: endpoint({
    method: 'POST',
    path: `${PRODUCTION_BASE}produceOrder/addQuickOrder`,
    summary: '快速下单：新增订单、确认并为全部数量新增一个生产计划（一个事务）',
    access: { keys: ['orderListQuickAdd'] },
    body: QuickOrderBody,
    result: QuickOrderResult,
  }),
};
