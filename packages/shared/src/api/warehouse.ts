import { type Static, type TSchema, Type } from 'typebox';
import { entityEndpoints } from '../entities/endpoints.ts';
import { kittingEntity } from '../entities/kitting.ts';
import { materialPrepEntity } from '../entities/materialPrep.ts';
import { stockCountEntity } from '../entities/stockCount.ts';
import { MAX_STOCK_QUANTITY, stockDocEntity } from '../entities/stockDoc.ts';
import { stockMovementEntity } from '../entities/stockMovement.ts';
import { VersionField } from '../machines/endpoints.ts';
import { WAREHOUSE_BASE } from '../machines/warehouse.ts';
import { endpoint } from './contract.ts';
import { ImportCheckResult, ImportError, ImportQuery, ImportWriteResult } from './import.ts';
import { ListPageQuery, RowId } from './list.ts';

const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);
const Page = { currentPage: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, title: '页码' }) };
const PageSize = { pageSize: Type.Integer({ minimum: 1, maximum: 999, default: 20, title: '每页条数' }) };
/** Warehouse ids joined by commas (spec 001 §3 filter key warehouseIdStr). */
const WarehouseIdStr = Type.Optional(
  Type.String({ maxLength: 2000, pattern: '^(\\d{1,10}(,\\d{1,10})*)?$', title: '仓库' }),
);
const Keyword = Type.Optional(Type.String({ maxLength: 64, title: '物料编码/名称' }));
const DateText = (title: string) => Type.String({ format: 'date', title });

/** The inventory page's filters (库存信息; spec 001 §7.2 getWarehouseMaterialsTotalListPage). */
export const InventoryQuery = Type.Object(
  {
    ...Page,
    ...PageSize,
    warehouseIdStr: WarehouseIdStr,
    /** Only stock on the locations of this area (库区). */
    warehouseAreaId: Type.Optional(RowId('库区')),
    materialsId: Type.Optional(RowId('物料')),
    materialsClassId: Type.Optional(RowId('物料分类')),
    keyword: Keyword,
    batchCode: Type.Optional(Type.String({ maxLength: 64, title: '批次号' })),
    /** 1: also materials with nothing on hand (spec 001 §3 isShowZero). */
    isShowZero: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { title: '显示零库存' })),
    /** 1 below the lower limit, 2 above the upper limit. */
    limitState: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)], { title: '库存预警' })),
  },
  { additionalProperties: false },
);
export type InventoryQuery = Static<typeof InventoryQuery>;

/** One material's stock over the chosen warehouses (spec 001 §3 inventory row). */
export const InventoryRow = Type.Object({
  materialsId: Type.Integer(),
  materialsCode: Type.String(),
  materialsName: Type.String(),
  materialsSpecifications: nullable(Type.String()),
  className: nullable(Type.String()),
  /** The main unit's name. */
  materialsUnit: nullable(Type.String()),
  auxUnitName: nullable(Type.String()),
  /** Main units in one auxiliary unit. */
  conversion: nullable(Type.Number()),
  /** Σ on hand. */
  currentQuantity: Type.Number(),
  allocatedQuantity: Type.Number(),
  /** Σ (on hand − allocated). */
  availableQuantity: Type.Number(),
  upperLimit: nullable(Type.Number()),
  lowerLimit: nullable(Type.Number()),
  /** 0 within limits, 1 available below the lower limit, 2 on hand above the upper limit. */
  limitState: Type.Integer(),
  batchCount: Type.Integer(),
});
export type InventoryRow = Static<typeof InventoryRow>;

/** One balance: a material's batch at one warehouse location. */
export const StockBalanceRow = Type.Object({
  id: Type.Integer(),
  warehouseId: Type.Integer(),
  warehouseName: Type.String(),
  locationId: nullable(Type.Integer()),
  locationName: nullable(Type.String()),
  batchId: nullable(Type.Integer()),
  batchCode: nullable(Type.String()),
  producedOn: nullable(Type.String()),
  /**
   * batchQualityStatus of the batch (0 待检, 1 合格, 2 不合格, 3 让步接收): a pending or rejected
   * batch is held, so its available is 0. Absent where the place has no batch.
   */
  qualityStatus: Type.Optional(Type.Integer()),
  onHand: Type.Number(),
  allocated: Type.Number(),
  available: Type.Number(),
  /** When stock of this batch first came here. */
  firstInAt: nullable(Type.String()),
});
export type StockBalanceRow = Static<typeof StockBalanceRow>;

/** The inventory account's filters (库存台账): a period and where. */
export const AccountQuery = Type.Object(
  {
    ...Page,
    ...PageSize,
    beginTime: DateText('开始日期'),
    endTime: DateText('结束日期'),
    warehouseIdStr: WarehouseIdStr,
    keyword: Keyword,
    /** 1: also materials that neither had stock nor moved in the period. */
    isShowZero: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { title: '显示零库存' })),
  },
  { additionalProperties: false },
);
export type AccountQuery = Static<typeof AccountQuery>;

/** A material's period in the account: opening + in − out = closing. */
export const AccountRow = Type.Object({
  materialsId: Type.Integer(),
  materialsCode: Type.String(),
  materialsName: Type.String(),
  materialsSpecifications: nullable(Type.String()),
  materialsUnit: nullable(Type.String()),
  openingQuantity: Type.Number(),
  inQuantity: Type.Number(),
  outQuantity: Type.Number(),
  closingQuantity: Type.Number(),
  movementCount: Type.Integer(),
});
export type AccountRow = Static<typeof AccountRow>;

/** Most plans one stock-in takes (stockingBatch). */
export const MAX_STOCKING_PLANS = 200;

const StockingPlace = {
  warehouseId: RowId('入库仓库'),
  locationId: Type.Optional(Type.Union([RowId('库位'), Type.Null()])),
};

/** What a finished-goods stock-in posted: its document and how much of what. */
export const StockingResult = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  lineCount: Type.Integer(),
  totalQuantity: Type.Number(),
});

/** A line of a count sheet: a place's book quantity when counting started, and what was counted. */
export const CountLineRow = Type.Object({
  id: Type.Integer(),
  materialsId: Type.Integer(),
  materialsCode: Type.String(),
  materialsName: Type.String(),
  materialsSpecifications: nullable(Type.String()),
  unitName: nullable(Type.String()),
  locationId: nullable(Type.Integer()),
  locationName: nullable(Type.String()),
  batchCode: nullable(Type.String()),
  /** Null on a blind count until it is submitted. */
  bookQuantity: nullable(Type.Number()),
  countedQuantity: nullable(Type.Number()),
  /** counted − book; null until counted (or while blind). */
  difference: nullable(Type.Number()),
  remark: nullable(Type.String()),
});
export type CountLineRow = Static<typeof CountLineRow>;

/** Most lines one count sheet holds. */
export const MAX_COUNT_LINES = 5000;

/** What the counter enters: counted quantities of lines, and stock found that was not on the book. */
export const CountEntryBody = Type.Object(
  {
    id: RowId('盘点单'),
    version: VersionField,
    lines: Type.Array(
      Type.Object(
        {
          /** A line made at the start; none: stock found that the book did not have. */
          id: Type.Optional(RowId('盘点明细')),
          materialsId: Type.Optional(RowId('物料')),
          locationId: Type.Optional(Type.Union([RowId('库位'), Type.Null()])),
          batchCode: Type.Optional(
            Type.Union([Type.String({ maxLength: 64, title: '批次号' }), Type.Null()]),
          ),
          countedQuantity: Type.Union([
            Type.Number({ minimum: 0, maximum: MAX_STOCK_QUANTITY, title: '实盘数量' }),
            Type.Null(),
          ]),
          remark: Type.Optional(Type.Union([Type.String({ maxLength: 200, title: '备注' }), Type.Null()])),
        },
        { additionalProperties: false },
      ),
      { maxItems: MAX_COUNT_LINES, title: '盘点明细' },
    ),
  },
  { additionalProperties: false },
);

/** Most plans one kitting calculation takes. */
export const MAX_KITTING_PLANS = 1000;

/** A plan in a kitting analysis: how much of it the stock covers. */
export const KittingPlanRow = Type.Object({
  planId: Type.Integer(),
  planCode: Type.String(),
  productCode: Type.String(),
  productName: Type.String(),
  areaName: nullable(Type.String()),
  planStartTime: nullable(Type.String()),
  quantity: Type.Number(),
  /** Units the allocated materials make: the least over its materials. */
  kittedQuantity: Type.Number(),
  isKitted: Type.Boolean(),
  shortMaterialCount: Type.Integer(),
});

/** One material of one plan: what it still needs, what the stock gives it in turn, what is short. */
export const KittingLineRow = Type.Object({
  planId: Type.Integer(),
  materialsId: Type.Integer(),
  materialsCode: Type.String(),
  materialsName: Type.String(),
  unitName: nullable(Type.String()),
  required: Type.Number(),
  issued: Type.Number(),
  need: Type.Number(),
  allocated: Type.Number(),
  shortage: Type.Number(),
});

/** One material over all the plans: supply against need. */
export const KittingMaterialRow = Type.Object({
  materialsId: Type.Integer(),
  materialsCode: Type.String(),
  materialsName: Type.String(),
  materialsSpecifications: nullable(Type.String()),
  unitName: nullable(Type.String()),
  need: Type.Number(),
  supply: Type.Number(),
  shortage: Type.Number(),
  planCount: Type.Integer(),
});

export const KittingResult = Type.Object({
  /** The saved analysis, when saved. */
  id: nullable(Type.Integer()),
  code: nullable(Type.String()),
  calculatedAt: Type.String(),
  plans: Type.Array(KittingPlanRow),
  lines: Type.Array(KittingLineRow),
  materials: Type.Array(KittingMaterialRow),
});
export type KittingResult = Static<typeof KittingResult>;

/** A line of a preparation order: what the work order needs of a material and what was picked. */
export const PrepLineRow = Type.Object({
  id: Type.Integer(),
  materialsId: Type.Integer(),
  materialsCode: Type.String(),
  materialsName: Type.String(),
  materialsSpecifications: nullable(Type.String()),
  unitName: nullable(Type.String()),
  procedureName: nullable(Type.String()),
  requiredQuantity: Type.Number(),
  issuedQuantity: Type.Number(),
  /** required − issued, at least 0. */
  remainingQuantity: Type.Number(),
  /** Held for it on the storage shelves until picked (预占). */
  heldQuantity: Type.Number(),
});
export type PrepLineRow = Static<typeof PrepLineRow>;

/** A pick (领料) against a preparation order: from which warehouse, how much of which lines. */
export const PickBody = Type.Object(
  {
    id: RowId('备料单'),
    version: VersionField,
    warehouseId: RowId('发料仓库'),
    lines: Type.Array(
      Type.Object(
        {
          lineId: RowId('备料明细'),
          quantity: Type.Number({ minimum: 0.000001, maximum: MAX_STOCK_QUANTITY, title: '领料数量' }),
          batchCode: Type.Optional(
            Type.Union([Type.String({ maxLength: 64, title: '批次号' }), Type.Null()]),
          ),
          locationId: Type.Optional(Type.Union([RowId('库位'), Type.Null()])),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 500, title: '领料明细' },
    ),
  },
  { additionalProperties: false },
);

const PREP = `${WAREHOUSE_BASE}materialPrep/`;
const KITTING = `${WAREHOUSE_BASE}kitting/`;
const COUNT = `${WAREHOUSE_BASE}stockCount/`;
const INVENTORY = `warehouse/kiki/private/warehouseMaterialsBatKiki/`;
const PLAN = 'production/kiki/private/producePlan/';
const ACCOUNT = `${WAREHOUSE_BASE}inventoryAccount/`;

const STOCK_DOC = `${WAREHOUSE_BASE}stockDoc/`;
/** 批量入库: the button's own key, and only for tenants with the flag (checked by the handler). */
const BATCH_STOCK_IN = { keys: ['warehouseRecordBatchStockIn'], flag: 'batchStockIn' } as const;

/** A scanned code: a package code (包装码) or a batch number (批次号), and the stock document's warehouse. */
export const ScanCodeQuery = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 200, title: '条码' }),
    /** A stock-out's or transfer's warehouse: a batch's quantity is then what is available there. */
    warehouseId: Type.Optional(RowId('仓库')),
  },
  { additionalProperties: false },
);

/** What a scanned code puts on a stock document's line (docs/warehouse.md, "Stock documents"). */
export const ScanCodeResult = Type.Object({
  kind: Type.Union([Type.Literal('package'), Type.Literal('batch')]),
  code: Type.String(),
  materialsId: Type.Integer(),
  materialsCode: Type.String(),
  materialsName: Type.String(),
  materialsSpecifications: nullable(Type.String()),
  unitName: nullable(Type.String()),
  batchCode: nullable(Type.String()),
  /** Main units: the package's content, a batch's available stock in the warehouse, or null (the keeper types it). */
  quantity: nullable(Type.Number()),
});
export type ScanCodeResult = Static<typeof ScanCodeResult>;

/** Stock documents, the ledger's movements, and the stock they leave (DOMAIN "Warehouse and inventory"). */
export const warehouseApi = {
  stockDoc: entityEndpoints(stockDocEntity),
  stockInImportTemplate: endpoint({
    method: 'GET',
    path: `${STOCK_DOC}importStockInTemplate`,
    summary: '下载批量入库模板',
    access: BATCH_STOCK_IN,
  }),
  stockInImportErrors: endpoint({
    method: 'POST',
    path: `${STOCK_DOC}importStockInErrors`,
    summary: '下载批量入库校验错误清单',
    access: BATCH_STOCK_IN,
    body: Type.Array(ImportError, { maxItems: 200_000 }),
  }),
  stockInImport: endpoint({
    method: 'POST',
    path: `${STOCK_DOC}importStockIn`,
    summary:
      '批量入库：文件中同一入库类型与仓库的行生成一张入库单（mode=check 校验，mode=write 写入，全部成功或全部不写）',
    access: BATCH_STOCK_IN,
    multipart: true,
    query: ImportQuery,
    result: Type.Union([ImportCheckResult, ImportWriteResult]),
  }),
  scanCode: endpoint({
    method: 'GET',
    path: `${STOCK_DOC}scanCode`,
    summary: '扫码录入：按包装码或批次号查出物料、批次与数量',
    access: { keys: ['warehouseRecordAdd', 'warehouseRecordModify'] },
    query: ScanCodeQuery,
    result: ScanCodeResult,
  }),
  movement: entityEndpoints(stockMovementEntity),
  stockCount: entityEndpoints(stockCountEntity),
  countLines: endpoint({
    method: 'GET',
    path: `${COUNT}getStockCountLineList`,
    summary: '盘点单明细（盲盘提交前不显示账面数量）',
    access: { keys: ['inventoryAccount'] },
    query: Type.Object({ id: RowId('盘点单') }, { additionalProperties: false }),
    result: Type.Array(CountLineRow),
  }),
  saveCounts: endpoint({
    method: 'POST',
    path: `${COUNT}saveCounts`,
    summary: '录入实盘数量（盘点中）：更新明细，或加入账外发现的库存',
    access: { keys: ['inventoryAccountModify'] },
    body: CountEntryBody,
    result: Type.Object({ id: Type.Integer(), version: Type.Integer() }),
  }),
  materialPrep: entityEndpoints(materialPrepEntity),
  prepLines: endpoint({
    method: 'GET',
    path: `${PREP}getMaterialPrepLineList`,
    summary: '备料单明细：需求、已领、未领',
    access: { keys: ['warehouseAssign', 'warehouseAssignDetail', 'workDetail'] },
    query: Type.Object({ id: RowId('备料单') }, { additionalProperties: false }),
    result: Type.Array(PrepLineRow),
  }),
  pick: endpoint({
    method: 'POST',
    path: `${PREP}pick`,
    summary: '领料：从仓库发料到工单产线的线边仓（无线边仓时直接领用），立即过账',
    access: { keys: ['warehouseAssignModify'] },
    body: PickBody,
    result: Type.Object({
      id: Type.Integer(),
      version: Type.Integer(),
      status: Type.Integer(),
      docCode: Type.String(),
    }),
  }),
  kitting: entityEndpoints(kittingEntity),
  kittingCalculate: endpoint({
    method: 'POST',
    path: `${KITTING}calculate`,
    summary: '齐套计算：按计划顺序把可用库存依次分给各计划，算出齐套数量与缺料；save=true 时保存为齐套分析',
    access: { keys: ['completeSetListAdd', 'completeSetAdd'] },
    body: Type.Object(
      {
        /** None: every plan not yet completed. */
        planIds: Type.Optional(
          Type.Array(RowId('生产计划'), { maxItems: MAX_KITTING_PLANS, title: '生产计划' }),
        ),
        save: Type.Optional(Type.Boolean()),
        remark: Type.Optional(Type.String({ maxLength: 500, title: '备注' })),
      },
      { additionalProperties: false },
    ),
    result: KittingResult,
  }),
  kittingResult: endpoint({
    method: 'GET',
    path: `${KITTING}getKittingResult`,
    summary: '已保存的齐套分析结果',
    access: { keys: ['completeSetList'] },
    query: Type.Object({ id: RowId('齐套分析') }, { additionalProperties: false }),
    result: KittingResult,
  }),
  inventory: endpoint({
    method: 'GET',
    path: `${INVENTORY}getWarehouseMaterialsTotalListPage`,
    summary: '库存：各物料在所选仓库的现存量、可用量与上下限',
    access: { keys: ['inventory'] },
    query: InventoryQuery,
    result: Type.Object({ content: Type.Array(InventoryRow), total: Type.Integer() }),
  }),
  /** Answers an .xlsx file, not the envelope. */
  inventoryExport: endpoint({
    method: 'GET',
    path: `${INVENTORY}export`,
    summary: '导出库存',
    access: { keys: ['inventoryExport'] },
    query: Type.Omit(InventoryQuery, ['currentPage', 'pageSize']),
  }),
  balances: endpoint({
    method: 'GET',
    path: `${INVENTORY}getMaterialsBatchList`,
    summary: '一个物料按仓库、库位与批次的库存',
    access: {
      keys: ['inventory', 'warehouseOperate', 'warehouseRecord', 'warehouseAssign', 'warehouseAssignDetail'],
    },
    query: Type.Object(
      {
        materialsId: RowId('物料'),
        warehouseIdStr: WarehouseIdStr,
        /** Only the locations of this area (库区). */
        warehouseAreaId: Type.Optional(RowId('库区')),
        /** 1: only what is available (the batches a stock-out may take). */
        availableOnly: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
        /** A pick's preparation order: what it holds (预占) counts as available to it. */
        prepId: Type.Optional(RowId('备料单')),
      },
      { additionalProperties: false },
    ),
    result: Type.Array(StockBalanceRow),
  }),
  stocking: endpoint({
    method: 'POST',
    path: `${PLAN}stocking`,
    summary: '生产入库：把计划已完工未入库的数量入到成品仓（每个工单一个新批次），立即过账',
    access: { keys: ['planListStocking'] },
    body: Type.Object({ id: RowId('生产计划'), ...StockingPlace }, { additionalProperties: false }),
    result: StockingResult,
  }),
  stockingBatch: endpoint({
    method: 'POST',
    path: `${PLAN}stockingBatch`,
    summary: '批量生产入库：多个计划一张入库单',
    access: { keys: ['planListStocking'] },
    body: Type.Object(
      {
        ids: Type.Array(RowId('生产计划'), { minItems: 1, maxItems: MAX_STOCKING_PLANS, title: '生产计划' }),
        ...StockingPlace,
      },
      { additionalProperties: false },
    ),
    result: StockingResult,
  }),
  account: endpoint({
    method: 'GET',
    path: `${ACCOUNT}getInventoryAccountListPage`,
    summary: '库存台账：期初、入库、出库、期末',
    access: { keys: ['inventoryAccount'] },
    query: AccountQuery,
    result: Type.Object({ content: Type.Array(AccountRow), total: Type.Integer() }),
  }),
  /** Answers an .xlsx file, not the envelope. */
  accountExport: endpoint({
    method: 'GET',
    path: `${ACCOUNT}export`,
    summary: '导出库存台账',
    access: { keys: ['inventoryAccountExport'] },
    query: Type.Omit(AccountQuery, ['currentPage', 'pageSize']),
  }),
};

/** What the line-side stock list sorts by (`order`: '+key' / '-key'). */
export const LINE_SIDE_SORTS = [
  'areaName',
  'warehouseName',
  'materialsCode',
  'materialsName',
  'currentQuantity',
  'availableQuantity',
  'needQuantity',
  'shortageQuantity',
] as const;

/** The line-side stock's filters (线边库存): which line-side warehouses, which materials, only shortfalls. */
export const LineSideStockQuery = Type.Object(
  {
    ...Page,
    ...PageSize,
    /** Line-side warehouses; none: every one (others are never counted). */
    warehouseIdStr: WarehouseIdStr,
    keyword: Keyword,
    /** 1: only where open work orders need more than is on hand (缺料). */
    shortOnly: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { title: '只看缺料' })),
    order: ListPageQuery.properties.order,
  },
  { additionalProperties: false },
);
export type LineSideStockQuery = Static<typeof LineSideStockQuery>;

/** A material in one line-side warehouse: what is there, and what open work orders still need of it. */
export const LineSideStockRow = Type.Object({
  warehouseId: Type.Integer(),
  warehouseCode: Type.String(),
  warehouseName: Type.String(),
  /** The production line it stands by. */
  areaName: nullable(Type.String()),
  materialsId: Type.Integer(),
  materialsCode: Type.String(),
  materialsName: Type.String(),
  materialsSpecifications: nullable(Type.String()),
  materialsUnit: nullable(Type.String()),
  currentQuantity: Type.Number(),
  allocatedQuantity: Type.Number(),
  availableQuantity: Type.Number(),
  /**
   * Σ (required − consumed) of the lines of preparation orders into it that are not cancelled and
   * whose work orders are not finished, ended or cancelled (a line consumed past its need counts 0).
   */
  needQuantity: Type.Number(),
  /** need − on hand, at least 0 (缺料). */
  shortageQuantity: Type.Number(),
  /** Open work orders still needing it. */
  workOrderCount: Type.Integer(),
  batchCount: Type.Integer(),
});
export type LineSideStockRow = Static<typeof LineSideStockRow>;

const LINE_SIDE = `${WAREHOUSE_BASE}sitWarehouseStock/`;
const LINE_SIDE_ACCOUNT = `${WAREHOUSE_BASE}sitWarehouseAccount/`;

/**
 * The line-side warehouse screens (线边仓: warehouses, sit-warehouse-account): the same views as
 * the warehouse's, answered only for line-side warehouses (kind 1) whatever the caller asks, under
 * the line-side pages' permission keys.
 */
export const lineSideApi = {
  stock: endpoint({
    method: 'GET',
    path: `${LINE_SIDE}getSitWarehouseStockListPage`,
    summary: '线边库存：各线边仓各物料的现存量、可用量、在制工单需求与缺料',
    access: { keys: ['warehouses'] },
    query: LineSideStockQuery,
    result: Type.Object({ content: Type.Array(LineSideStockRow), total: Type.Integer() }),
  }),
  /** Answers an .xlsx file, not the envelope. */
  stockExport: endpoint({
    method: 'GET',
    path: `${LINE_SIDE}export`,
    summary: '导出线边库存',
    access: { keys: ['warehousesExport'] },
    query: Type.Omit(LineSideStockQuery, ['currentPage', 'pageSize']),
  }),
  balances: endpoint({
    method: 'GET',
    path: `${LINE_SIDE}getSitWarehouseBatchList`,
    summary: '一个物料在线边仓按库位与批次的库存（只含线边仓）',
    access: { keys: ['warehousesDetail'] },
    query: warehouseApi.balances.query,
    result: warehouseApi.balances.result,
  }),
  movements: endpoint({
    method: 'GET',
    path: `${LINE_SIDE}getSitWarehouseMovementListPage`,
    summary: '线边仓的库存流水（只含线边仓）',
    access: { keys: ['warehousesDetail', 'sitWarehouseAccount'] },
    query: ListPageQuery,
    result: warehouseApi.movement.listPage.result,
  }),
  account: endpoint({
    method: 'GET',
    path: `${LINE_SIDE_ACCOUNT}getSitWarehouseAccountListPage`,
    summary: '线边仓台账：线边仓的期初、入库、出库、期末',
    access: { keys: ['sitWarehouseAccount'] },
    query: AccountQuery,
    result: warehouseApi.account.result,
  }),
  /** Answers an .xlsx file, not the envelope. */
  accountExport: endpoint({
    method: 'GET',
    path: `${LINE_SIDE_ACCOUNT}export`,
    summary: '导出线边仓台账',
    access: { keys: ['sitWarehouseAccountExport'] },
    query: warehouseApi.accountExport.query,
  }),
};
