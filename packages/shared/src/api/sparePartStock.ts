import { type Static, type TSchema, Type } from 'typebox';
import { defineEntity } from '../entities/define.ts';
import { entityEndpoints } from '../entities/endpoints.ts';
import { remarkField } from '../entities/information.ts';
import { MAX_STOCK_QUANTITY, stockDocEntity } from '../entities/stockDoc.ts';
import { EQUIPMENT_BASE } from '../machines/equipment.ts';
import { endpoint } from './contract.ts';
import { ExportQuery, ImportCheckResult, ImportError, ImportQuery, ImportWriteResult } from './import.ts';
import { RowId } from './list.ts';
import { warehouseApi } from './warehouse.ts';

const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);
const BASE = `${EQUIPMENT_BASE}sparePartStock/`;

/** What the spare-part stock list sorts by (`order`: '+key' / '-key'). */
export const PART_NUMS_SORTS = [
  'materialsCode',
  'materialsName',
  'equipmentClassName',
  'warehouseName',
  'currentQuantity',
  'availableQuantity',
  'lastInAt',
  'lastOutAt',
] as const;

/** 库存状态 of a spare part against its material's limits: 0 正常, 1 低于安全库存, 2 高于上限. */
export const PART_LIMIT_STATES = [
  { value: 0, label: '正常' },
  { value: 1, label: '低于安全库存' },
  { value: 2, label: '高于上限' },
] as const;

/** 备件库存's filters. */
export const PartNumsQuery = Type.Object(
  {
    currentPage: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, title: '页码' }),
    pageSize: Type.Integer({ minimum: 1, maximum: 999, default: 20, title: '每页条数' }),
    keyword: Type.Optional(Type.String({ maxLength: 64, title: '备件编码/名称' })),
    /** 备件仓 ids joined by commas; none: every one (other warehouses are never counted). */
    warehouseIdStr: Type.Optional(
      Type.String({ maxLength: 2000, pattern: '^(\\d{1,10}(,\\d{1,10})*)?$', title: '仓库' }),
    ),
    equipmentClassId: Type.Optional(RowId('设备类别')),
    limitState: Type.Optional(
      Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], { title: '库存状态' }),
    ),
    /** 1: also registered parts with nothing in any (chosen) 备件仓, as one row without a warehouse. */
    isShowZero: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { title: '显示零库存' })),
    order: Type.Optional(
      Type.String({
        maxLength: 500,
        pattern: '^([+-][A-Za-z][A-Za-z0-9]*)(,[+-][A-Za-z][A-Za-z0-9]*)*$',
        title: '排序',
      }),
    ),
  },
  { additionalProperties: false },
);
export type PartNumsQuery = Static<typeof PartNumsQuery>;

/** A registered spare part in one 备件仓 (or, shown with 显示零库存, in none). */
export const PartNumsRow = Type.Object({
  materialsId: Type.Integer(),
  materialsCode: Type.String(),
  materialsName: Type.String(),
  materialsSpecifications: nullable(Type.String()),
  materialsUnit: nullable(Type.String()),
  equipmentClassName: nullable(Type.String()),
  warehouseId: nullable(Type.Integer()),
  warehouseName: nullable(Type.String()),
  currentQuantity: Type.Number(),
  allocatedQuantity: Type.Number(),
  availableQuantity: Type.Number(),
  /** 安全库存 and 库存上限: the material's own limits. */
  lowerLimit: nullable(Type.Number()),
  upperLimit: nullable(Type.Number()),
  /**
   * The part's state over all 备件仓 together (the limits are the material's, not a warehouse's):
   * 1 available below 安全库存, 2 on hand above 库存上限, else 0.
   */
  limitState: Type.Integer(),
  batchCount: Type.Integer(),
  /** Factory time of the last stock-in and stock-out here (reversals not counted). */
  lastInAt: nullable(Type.String()),
  lastOutAt: nullable(Type.String()),
});
export type PartNumsRow = Static<typeof PartNumsRow>;

/**
 * A row of the 期初库存 file: a registered spare part's opening stock in a 备件仓; the rows of one
 * warehouse become one posted stock-in.
 */
export const partStockImportEntity = defineEntity({
  name: 'partStockLine',
  label: '备件期初库存',
  route: 'partNums',
  defaultOrder: '+materialsCode',
  fields: {
    materialsCode: {
      label: '备件',
      importHeader: '备件编码',
      type: 'string',
      required: true,
      ref: { entity: 'materials', by: 'code', idField: 'materialsId' },
      importNote: '填写备件台账中已登记物料的编码',
      import: true,
    },
    warehouseName: {
      label: '仓库',
      type: 'string',
      required: true,
      maxLength: 64,
      importNote: '填写备件仓的名称或编码',
      import: true,
    },
    batchCode: {
      label: '批次号',
      type: 'string',
      maxLength: 64,
      importNote: '选填；不填则按批次号规则自动编号',
      import: true,
    },
    quantity: {
      label: '数量',
      type: 'number',
      required: true,
      max: MAX_STOCK_QUANTITY,
      importNote: '必须大于0，最多6位小数',
      import: true,
    },
    remark: remarkField,
  },
});

/** 备件入库 / 备件出库: one 备件仓, a stock type of the direction, registered parts. */
export const PartBillAdd = Type.Object(
  {
    kind: Type.Union([Type.Literal(0), Type.Literal(1)], { title: '单据类别' }),
    stockTypeId: RowId('出入库类型'),
    warehouseId: RowId('仓库'),
    remark: Type.Optional(nullable(Type.String({ maxLength: 500, title: '备注' }))),
    lines: Type.Array(
      Type.Object(
        {
          materialsId: RowId('备件'),
          batchCode: Type.Optional(nullable(Type.String({ maxLength: 64, title: '批次号' }))),
          quantity: Type.Number({ exclusiveMinimum: 0, maximum: MAX_STOCK_QUANTITY, title: '数量' }),
          remark: Type.Optional(nullable(Type.String({ maxLength: 500, title: '备注' }))),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: stockDocEntity.lines.max, title: '明细' },
    ),
  },
  { additionalProperties: false },
);
export type PartBillAdd = Static<typeof PartBillAdd>;

const STOCK_DOCS = entityEndpoints(stockDocEntity);

/**
 * 备件库存 and 备件出入库 (equipment › 备品备件): the ledger's stock and documents narrowed to the
 * registered spare parts and the warehouses ticked 备件仓, under the spare-part pages' keys.
 */
export const sparePartStockApi = {
  stock: endpoint({
    method: 'GET',
    path: `${BASE}getPartNumsListPage`,
    summary: '备件库存：各备件在各备件仓的现存量、可用量、安全库存与上限状态、最近出入库时间',
    access: { keys: ['partNums'] },
    query: PartNumsQuery,
    result: Type.Object({ content: Type.Array(PartNumsRow), total: Type.Integer() }),
  }),
  /** One part's batches in the 备件仓 (the stock list's 批次数 opens them). */
  batches: endpoint({
    method: 'GET',
    path: `${BASE}getPartNumsBatchList`,
    summary: '一个备件在各备件仓按库位与批次的库存',
    access: { keys: ['partNums'] },
    query: Type.Object(
      { materialsId: RowId('备件'), warehouseIdStr: warehouseApi.balances.query.properties.warehouseIdStr },
      { additionalProperties: false },
    ),
    result: warehouseApi.balances.result,
  }),
  /** Answers an .xlsx file, not the envelope. */
  stockExport: endpoint({
    method: 'GET',
    path: `${BASE}exportPartNums`,
    summary: '导出备件库存',
    access: { keys: ['partNumsExport'] },
    query: Type.Omit(PartNumsQuery, ['currentPage', 'pageSize']),
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: `${BASE}importPartNumsTemplate`,
    summary: '下载备件期初库存导入模板',
    access: { keys: ['partNumsImport'] },
  }),
  importErrors: endpoint({
    method: 'POST',
    path: `${BASE}importPartNumsErrors`,
    summary: '下载备件期初库存校验错误清单',
    access: { keys: ['partNumsImport'] },
    body: Type.Array(ImportError, { maxItems: 200_000 }),
  }),
  import: endpoint({
    method: 'POST',
    path: `${BASE}importPartNums`,
    summary:
      '导入备件期初库存：同一备件仓的行生成一张已过账的入库单（mode=check 校验，mode=write 写入，全部成功或全部不写）',
    access: { keys: ['partNumsImport'] },
    multipart: true,
    query: ImportQuery,
    result: Type.Union([ImportCheckResult, ImportWriteResult]),
  }),
  bills: endpoint({
    method: 'GET',
    path: `${BASE}getPartBillsListPage`,
    summary: '备件出入库单列表（仓库为备件仓的出入库单）',
    access: { keys: ['partBills'] },
    query: STOCK_DOCS.listPage.query,
    result: STOCK_DOCS.listPage.result,
  }),
  /** Answers an .xlsx file, not the envelope. */
  billsExport: endpoint({
    method: 'GET',
    path: `${BASE}exportPartBills`,
    summary: '导出备件出入库单',
    access: { keys: ['partBillsExport'] },
    query: ExportQuery,
  }),
  bill: endpoint({
    method: 'GET',
    path: `${BASE}getPartBillDetail`,
    summary: '备件出入库单详情（含明细）',
    access: { keys: ['partBillsDetail', 'partBills'] },
    query: STOCK_DOCS.detail.query,
    result: STOCK_DOCS.detail.result,
  }),
  add: endpoint({
    method: 'POST',
    path: `${BASE}addPartBill`,
    summary: '备件入库或出库：生成出入库单并立即过账（出库不足时整单拒绝）',
    access: { keys: ['partBillsAdd'] },
    body: PartBillAdd,
    result: Type.Object({ id: Type.Integer(), code: Type.String() }),
  }),
  reverse: endpoint({
    method: 'POST',
    path: `${BASE}reversePartBill`,
    summary: '冲销备件出入库单（按原数量反向记账；维修、申请等业务生成的单据不能在此冲销）',
    access: { keys: ['partBillsDel'] },
    body: Type.Object(
      {
        id: RowId('单据'),
        reason: Type.Optional(Type.String({ maxLength: 500, title: '冲销原因' })),
      },
      { additionalProperties: false },
    ),
    result: Type.Object({ id: Type.Integer(), status: Type.Integer() }),
  }),
};
