import { Type } from 'typebox';
import {
  defectSeverity,
  handlingStatus,
  inspectionSource,
  inspectionType,
  inspectionValueType,
  inspectionVerdict,
  nonconformingKind,
  nonconformingSource,
  qualityCheckStatus,
  qualityType,
  samplingMode,
} from '../enums/index.ts';
import { QUALITY_BASE } from '../machines/quality.ts';
import { AQL_VALUES } from '../quality/sampling.ts';
import { defineEntity, type FieldDecl } from './define.ts';
import {
  codeField,
  createdAtField,
  idField,
  nameField,
  remarkField,
  toggledStatusField,
} from './information.ts';
import { keptQuantity, shownText } from './produceOrder.ts';

/** Most item lines one plan checks, and most ids one scope list of a plan holds. */
export const MAX_PLAN_ITEMS = 100;
export const MAX_PLAN_SCOPE = 500;

/** The AQL values a plan offers: the columns of GB/T 2828.1 Table 2-A (0.010 … 1000). */
export const PLAN_AQL_VALUES: readonly number[] = AQL_VALUES;

/** An AQL as the standard prints it: 0.010, 0.65, 1.0, 10. */
export const aqlLabel = (aql: number) =>
  aql < 0.1 ? aql.toFixed(3) : aql < 1 ? String(aql) : aql < 10 ? aql.toFixed(1) : String(aql);

/**
 * The quality type an inspection type's orders are (DOMAIN "Inspection plan"): patrol, self,
 * first-article and team checks are process inspection (1), incoming is 2, finished product 3.
 */
export function qualityTypeOf(type: number): 1 | 2 | 3 {
  if (type === 4) return 2;
  if (type === 5) return 3;
  return 1;
}

/** Inspection types a plan scopes by procedure (the process checks); incoming and finished by material. */
export const PROCESS_INSPECTION_TYPES: readonly number[] = [0, 1, 2, 3];
/** Incoming inspection: the only type a plan may narrow to suppliers. */
export const INCOMING_INSPECTION = 4;
/** First-article inspection: the only type with a first-article quantity. */
export const FIRST_ARTICLE_INSPECTION = 2;

/** What kind of inspection a plan or an order is; its quality type follows (`qualityTypeOf`). */
const inspectionTypeField = {
  label: '检验类型',
  type: 'enum',
  enum: inspectionType,
  required: true,
  filter: ['eq', 'in'],
  sort: true,
  width: 90,
} satisfies FieldDecl;
const qualityTypeField = {
  label: '质检类型',
  type: 'enum',
  enum: qualityType,
  readOnly: true,
  filter: ['eq'],
  sort: true,
  width: 90,
} satisfies FieldDecl;

const limit = (label: string, width = 90) =>
  ({ label, type: 'number', min: -1e9, max: 1e9, import: true, width }) satisfies FieldDecl;

const text = (label: string, maxLength: number, width: number) =>
  ({ label, type: 'string', maxLength, filter: ['like'], import: true, width }) satisfies FieldDecl;

/**
 * Inspection items (检验项目, inspection-project; DOMAIN "Quality → Master data"): what is inspected
 * and how it is judged — OK/NG, a measured value against its standard value and limits, or a count
 * of defects. A measured item's limits may be left to the plans that use it (空载损耗 depends on the
 * rating); its limits, when given, are what a plan's line starts from.
 */
export const inspectionItemEntity = defineEntity({
  name: 'inspectionItem',
  label: '检验项目',
  route: 'inspectionProject',
  defaultOrder: '+code',
  api: { base: `${QUALITY_BASE}inspectionItem/`, name: 'InspectionItem' },
  autoCode: { prefix: 'JYXM', seqLength: 4 },
  fields: {
    id: idField,
    code: codeField('项目编码', 130, true),
    name: { ...nameField('项目名称', 160), unique: false },
    category: {
      ...text('检验类别', 20, 110),
      filter: ['eq', 'like'],
      sort: true,
      placeholder: '如：外观、尺寸、电气性能、理化性能',
    },
    valueType: {
      label: '结果类型',
      type: 'enum',
      enum: inspectionValueType,
      required: true,
      filter: ['eq', 'in'],
      sort: true,
      import: true,
      width: 110,
    },
    method: text('检验方法', 100, 140),
    instrument: text('检测器具', 50, 120),
    standard: text('检验标准', 200, 180),
    unit: { label: '单位', type: 'string', maxLength: 20, import: true, width: 70 },
    standardValue: limit('标准值'),
    lowerLimit: limit('下限'),
    upperLimit: limit('上限'),
    isKey: {
      label: 'SPC关键项',
      type: 'boolean',
      placeholder: '关键项的测量值进入SPC控制图',
      filter: ['eq'],
      import: true,
      width: 100,
    },
    isEnabled: toggledStatusField,
    remark: remarkField,
    createdAt: { ...createdAtField, list: false },
  },
});

/**
 * Defect items (不良项目, defects): what can be wrong with a unit, and how badly. Why it went wrong
 * is the scrap-reason dictionary (基础数据 → 报废原因) that report work already uses.
 */
export const defectItemEntity = defineEntity({
  name: 'defectItem',
  label: '不良项目',
  route: 'defects',
  defaultOrder: '+code',
  api: { base: `${QUALITY_BASE}defectItem/`, name: 'DefectItem' },
  autoCode: { prefix: 'BLXM', seqLength: 3 },
  fields: {
    id: idField,
    code: codeField('不良编码', 130, true),
    name: nameField('不良名称'),
    category: {
      ...text('不良类别', 20, 120),
      filter: ['eq', 'like'],
      sort: true,
      placeholder: '如：外观、尺寸、电气、密封、装配',
    },
    severity: {
      label: '严重程度',
      type: 'enum',
      enum: defectSeverity,
      required: true,
      filter: ['eq', 'in'],
      sort: true,
      import: true,
      width: 90,
    },
    remark: remarkField,
    createdAt: createdAtField,
  },
});

const ids = (title: string) =>
  Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: MAX_PLAN_SCOPE, title });

const shownNames = (label: string, width: number, filter = true) =>
  ({
    label,
    type: 'string',
    readOnly: true,
    ...(filter ? { filter: ['like'] as const } : {}),
    width,
  }) satisfies FieldDecl;

/**
 * Quality inspection plans (质检方案, quality-inspection-plan; DOMAIN "Inspection plan";
 * docs/quality.md): for which inspection type, what it applies to (materials, material classes,
 * procedures; suppliers for incoming), how much of a lot is sampled, and the items checked — its
 * lines are the plan's inspection template, each with the plan's own standard value and limits.
 * Its quality type follows the inspection type. 复制 is a call of its own (`qualityApi.copyPlan`):
 * the copy starts disabled.
 */
export const qualityInspectionPlanEntity = defineEntity({
  name: 'qualityInspectionPlan',
  label: '质检方案',
  route: 'qualityInspectionPlanList',
  buttons: ['Add', 'Modify', 'Del', 'Enable', 'Disable', 'Export', 'Detail'],
  defaultOrder: '-createdAt',
  api: { base: `${QUALITY_BASE}inspectionPlan/`, name: 'QualityInspectionPlan' },
  extraRow: {
    materialsIds: Type.Array(Type.Integer()),
    materialClassIds: Type.Array(Type.Integer()),
    procedureIds: Type.Array(Type.Integer()),
    supplierIds: Type.Array(Type.Integer()),
  },
  extraBody: {
    materialsIds: Type.Optional(ids('适用物料')),
    materialClassIds: Type.Optional(ids('适用物料分类')),
    procedureIds: Type.Optional(ids('适用工序')),
    supplierIds: Type.Optional(ids('供应商')),
  },
  fields: {
    id: idField,
    name: nameField('方案名称', 180),
    inspectionType: inspectionTypeField,
    qualityType: qualityTypeField,
    materialNames: shownNames('适用物料', 200),
    materialClassNames: shownNames('适用物料分类', 140),
    procedureNames: shownNames('适用工序', 140),
    supplierNames: { ...shownNames('供应商', 140), list: false },
    samplingMode: {
      label: '抽样方式',
      type: 'enum',
      enum: samplingMode,
      required: true,
      filter: ['eq'],
      sort: true,
      width: 90,
    },
    sampleSize: {
      label: '样本数量',
      type: 'integer',
      min: 1,
      max: 1_000_000,
      placeholder: '抽样方式为“固定数量”时填写',
      width: 90,
    },
    samplePercent: {
      label: '抽样比例(%)',
      type: 'number',
      min: 0.01,
      max: 100,
      placeholder: '抽样方式为“按比例”时填写',
      width: 100,
    },
    aql: {
      label: 'AQL',
      type: 'number',
      min: 0.01,
      max: 1000,
      placeholder: '抽样方式为“按AQL”时选择',
      width: 70,
    },
    firstArticleQty: {
      label: '首检数量',
      type: 'integer',
      min: 1,
      max: 1000,
      placeholder: '首检方案填写，不填为 1',
      width: 90,
    },
    itemCount: { label: '检验项目数', type: 'integer', readOnly: true, width: 100 },
    isEnabled: toggledStatusField,
    remark: remarkField,
    createdAt: createdAtField,
  },
  lines: {
    label: '检验项目',
    min: 1,
    max: MAX_PLAN_ITEMS,
    fields: {
      id: idField,
      itemName: {
        label: '检验项目',
        type: 'string',
        required: true,
        ref: {
          entity: 'inspectionItem',
          by: 'code',
          idField: 'itemId',
          filters: [{ fieldName: 'isEnabled', fieldType: 'integer', operator: 'eq', fieldValue: 1 }],
        },
        width: 180,
      },
      itemCode: { label: '项目编码', type: 'string', readOnly: true, width: 110 },
      category: { label: '检验类别', type: 'string', readOnly: true, width: 90 },
      valueType: {
        label: '结果类型',
        type: 'enum',
        enum: inspectionValueType,
        readOnly: true,
        width: 100,
      },
      unit: { label: '单位', type: 'string', readOnly: true, width: 60 },
      standardValue: limit('标准值', 110),
      lowerLimit: limit('下限', 110),
      upperLimit: limit('上限', 110),
    },
  },
});

/** A measured item (inspectionValueType 1): the only kind with a standard value and limits. */
export const MEASURED = 1;

const numberOf = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : Number(v));

/**
 * What is wrong with an item's (or a plan line's) standard value and limits, if anything: only a
 * measured item has them, the lower limit is not above the upper, and the standard value lies
 * between them. Checked on the item, on every plan line (after the item's values fill the empty
 * ones) and on import.
 */
export function limitProblem(
  valueType: unknown,
  row: { standardValue?: unknown; lowerLimit?: unknown; upperLimit?: unknown },
): { field: 'standardValue' | 'lowerLimit' | 'upperLimit'; message: string } | undefined {
  const target = numberOf(row.standardValue);
  const lower = numberOf(row.lowerLimit);
  const upper = numberOf(row.upperLimit);
  if (Number(valueType) !== MEASURED) {
    const given = target !== undefined ? 'standardValue' : lower !== undefined ? 'lowerLimit' : 'upperLimit';
    return target === undefined && lower === undefined && upper === undefined
      ? undefined
      : { field: given, message: '只有计量(数值)类项目可以设置标准值和上下限' };
  }
  if (lower !== undefined && upper !== undefined && lower > upper)
    return { field: 'upperLimit', message: '上限不能小于下限' };
  if (
    target !== undefined &&
    ((lower !== undefined && target < lower) || (upper !== undefined && target > upper))
  )
    return { field: 'standardValue', message: '标准值应在下限与上限之间' };
  return undefined;
}

/** Most samples one inspection order records results for (an AQL lot of 500 000 takes 1 250). */
export const MAX_ORDER_SAMPLES = 2000;

/**
 * Inspection orders (质检单, quality-inspection-order; DOMAIN "Inspection order"): raised by the
 * events that need them — a first report of a step under a first-article plan, a report of the last
 * step under a finished-product plan, a purchase receipt of a material under an incoming plan — or by
 * hand (patrol, self-check, team check, or any type again). The plan's items and sampling are copied
 * when it is raised; results are entered per sample and item on its own calls, and
 * `inspectionOrderMachine` moves it.
 */
export const qualityInspectionOrderEntity = defineEntity({
  name: 'qualityInspectionOrder',
  label: '质检单',
  route: 'qualityInspectionOrderList',
  buttons: ['Add', 'Del', 'Export', 'Detail'],
  defaultOrder: '-createdAt',
  api: { base: `${QUALITY_BASE}inspectionOrder/`, name: 'QualityInspectionOrder' },
  autoCode: { prefix: 'ZJ', dateFormat: 'YYYYMMDD', seqLength: 4, resetPeriod: 1 },
  extraRow: {
    version: Type.Integer(),
    /** The verdict has taken effect (released or kept holding what waits on the lot). */
    effective: Type.Boolean(),
    planId: Type.Union([Type.Integer(), Type.Null()]),
    taskId: Type.Union([Type.Integer(), Type.Null()]),
    inspectorId: Type.Union([Type.Integer(), Type.Null()]),
  },
  fields: {
    id: idField,
    // numbered by the system, raised by an event or by hand alike
    code: { ...codeField('质检单号', 160, true), readOnly: true },
    inspectionType: inspectionTypeField,
    qualityType: qualityTypeField,
    status: {
      label: '质检状态',
      type: 'enum',
      enum: qualityCheckStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    verdict: {
      label: '判定',
      type: 'enum',
      enum: inspectionVerdict,
      readOnly: true,
      filter: ['eq'],
      sort: true,
      width: 80,
    },
    sourceType: {
      label: '来源',
      type: 'enum',
      enum: inspectionSource,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    sourceCode: shownText('来源单号', 150),
    materialsName: {
      label: '物料',
      type: 'string',
      required: true,
      ref: { entity: 'materials', by: 'name', idField: 'materialsId' },
      filter: ['like'],
      sort: true,
      width: 160,
    },
    materialsCode: shownText('物料编码', 120),
    materialsSpecifications: shownText('规格', 120, false),
    planName: {
      label: '质检方案',
      type: 'string',
      ref: {
        entity: 'qualityInspectionPlan',
        by: 'name',
        idField: 'planId',
        filters: [{ fieldName: 'isEnabled', fieldType: 'integer', operator: 'eq', fieldValue: 1 }],
      },
      placeholder: '不选则按检验类型与物料自动匹配',
      filter: ['like'],
      width: 160,
    },
    workOrderCode: {
      label: '工单',
      type: 'string',
      ref: { entity: 'produceWorkOrder', by: 'code', idField: 'workOrderId' },
      placeholder: '过程检验可选',
      filter: ['like'],
      sort: true,
      width: 150,
    },
    procedureName: {
      label: '工序',
      type: 'string',
      ref: { entity: 'procedure', by: 'name', idField: 'procedureId' },
      placeholder: '过程检验可选',
      filter: ['like'],
      width: 110,
    },
    batchCode: {
      label: '批次号',
      type: 'string',
      maxLength: 64,
      filter: ['like', 'eq'],
      sort: true,
      width: 150,
    },
    supplierName: {
      label: '供应商',
      type: 'string',
      ref: { entity: 'supplier', by: 'name', idField: 'supplierId' },
      placeholder: '来料检验可选',
      filter: ['like'],
      width: 140,
    },
    lotQuantity: {
      label: '批量',
      type: 'number',
      required: true,
      min: 1,
      max: 100_000_000,
      sort: true,
      width: 90,
    },
    sampleQuantity: keptQuantity('样本量', 80),
    acceptNumber: keptQuantity('Ac', 60),
    rejectNumber: keptQuantity('Re', 60),
    ngQuantity: keptQuantity('不合格数', 90),
    /** Units the verdict keeps out of use: the lot on a sampled reject, the NG units on a full one. */
    rejectedQuantity: keptQuantity('不合格批量', 100),
    inspectorName: shownText('检验员', 90),
    completedAt: {
      label: '完成时间',
      type: 'datetime',
      readOnly: true,
      filter: ['between', 'gte', 'lte'],
      sort: true,
      width: 170,
    },
    auditorName: shownText('审核人', 90, false),
    approverName: shownText('批准人', 90, false),
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/**
 * Non-conforming records (不合格品, unquality; DOMAIN "Non-conforming handling"): the units a
 * rejected inspection keeps out of use, or a report's defects; handled in parts on their own calls
 * (`nonconformingMachine`), never edited.
 */
export const nonconformingEntity = defineEntity({
  name: 'nonconforming',
  label: '不合格品',
  route: 'unquality',
  buttons: ['Export', 'Detail'],
  defaultOrder: '-createdAt',
  api: { base: `${QUALITY_BASE}nonconforming/`, name: 'Nonconforming' },
  autoCode: { prefix: 'BHG', dateFormat: 'YYYYMMDD', seqLength: 4, resetPeriod: 1 },
  extraRow: {
    version: Type.Integer(),
    workOrderId: Type.Union([Type.Integer(), Type.Null()]),
    inspectionOrderId: Type.Union([Type.Integer(), Type.Null()]),
  },
  fields: {
    id: idField,
    code: codeField('不合格品单号', 160, true),
    source: {
      label: '来源',
      type: 'enum',
      enum: nonconformingSource,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 100,
    },
    sourceCode: shownText('来源单号', 150),
    kind: {
      label: '所处环节',
      type: 'enum',
      enum: nonconformingKind,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 100,
    },
    handlingStatus: {
      label: '处理状态',
      type: 'enum',
      enum: handlingStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    materialsName: shownText('物料', 160),
    materialsCode: shownText('物料编码', 120),
    workOrderCode: shownText('工单', 150),
    procedureName: shownText('工序', 100),
    batchCode: { ...shownText('批次号', 150), filter: ['like', 'eq'] },
    supplierName: shownText('供应商', 140),
    quantity: keptQuantity('不合格数量', 100),
    handledQuantity: keptQuantity('已处理数量', 100),
    repairQuantity: keptQuantity('返修', 70),
    scrapQuantity: keptQuantity('报废', 70),
    concessionQuantity: keptQuantity('让步接收', 90),
    returnQuantity: keptQuantity('退供应商', 90),
    defectSummary: shownText('不良描述', 200),
    createdAt: createdAtField,
  },
});
