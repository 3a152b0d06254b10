import { materialPreparationStatus, stockCountStatus, stockDocStatus } from '../enums/index.ts';
import { defineMachine, type MachineRow } from './define.ts';

/** Warehouse calls live under warehouse/private/ (spec 001 §7.2). */
export const WAREHOUSE_BASE = 'warehouse/private/';

/** A source that undoes a stock document production made, instead of 冲销. */
export interface StockDocSource {
  /** Its list, searched by its number (`code`). */
  route: string;
  /** What the document is to it, before and after its number: 由报工记录 … 自动生成. */
  made: readonly [string, string];
  /** What to do instead, where there is something. */
  undo?: string;
  /** The number to search for (a stock-in of several plans names the first). */
  code?(sourceNumber: string): string;
}

/**
 * What made a stock document that only its source undoes (docs/warehouse.md "Undone through
 * their source"), by the `sourceKind` the server puts on its rows: 1 a report's 生产投料, 2 a
 * withdrawn report's 报工撤回入库, 3 a preparation order's 生产领料, 4 a plan's 生产入库, 5 a
 * sales order's 发货, 6 a purchase order's 收货入库, 7 a sales order's 退货入库, 8 an outsourcing order's 委外发料, 9 a repair order's 备件领用 — posted by the system, never a keeper's
 * document of the same type.
 */
export const stockDocSources: Readonly<Record<number, StockDocSource>> = {
  1: { route: 'reportRecords', made: ['由报工记录', '自动生成'], undo: '请撤销该报工记录' },
  2: { route: 'reportRecords', made: ['由报工撤销记录', '自动生成'], undo: '如需恢复请重新报工' },
  3: { route: 'warehouseAssign', made: ['是备料单', '的领料'], undo: '多领的物料请调拨退回仓库' },
  4: { route: 'planList', made: ['是生产计划', '的完工入库'], code: (n) => n.split('等')[0] },
  5: { route: 'salesOrderList', made: ['是销售订单', '的发货'], undo: '请在该销售订单中撤销发货' },
  6: { route: 'purchaseOrderList', made: ['是采购订单', '的收货入库'], undo: '请在该采购订单中冲销收货' },
  7: { route: 'salesOrderList', made: ['是销售订单', '的退货入库'], undo: '退回的货物请另行出库处理' },
  8: { route: 'outSourceLists', made: ['是委外单', '的委外发料'], undo: '在外物料请调拨退回' },
  9: {
    route: 'equipmentRepairList',
    made: ['是维修工单', '的备件领用'],
    undo: '未用完的备件请办理其他入库退回',
  },
};

/**
 * Why a document production made is not reversed on its own, around its source's number (the web
 * links it): 由报工记录 · BG… · 自动生成，不能冲销；请撤销该报工记录. Undefined for any other.
 */
export function productionSource(
  row: MachineRow,
): { source: StockDocSource; before: string; number: string; after: string } | undefined {
  const source = stockDocSources[Number(row.sourceKind)];
  if (!source) return undefined;
  const [before, made] = source.made;
  const undo = source.undo ? `；${source.undo}` : '';
  return { source, before, number: String(row.sourceNumber ?? ''), after: `${made}，不能冲销${undo}` };
}

/** The same in one sentence: '单据“CRK…”由报工记录“BG…”自动生成，不能冲销；请撤销该报工记录'. */
export function madeByProduction(row: MachineRow): string | undefined {
  const s = productionSource(row);
  return s && `单据“${String(row.code)}”${s.before}“${s.number}”${s.after}`;
}

/**
 * A stock document (DOMAIN "Stock documents"): drafted, submitted for approval, posted to the
 * ledger by the approver (审核过账), reversed by negated movements (冲销). Only a posted document
 * has moved stock; a draft or submitted one may be cancelled (作废).
 */
export const stockDocMachine = defineMachine({
  name: 'stockDoc',
  label: '出入库单',
  route: 'warehouseRecord',
  numberField: 'code',
  base: `${WAREHOUSE_BASE}stockDoc/`,
  states: { status: { label: '状态', enum: stockDocStatus } },
  actions: {
    submit: { label: '提交', button: 'Submit', when: { status: [0] }, set: { status: 1 } },
    withdraw: { label: '撤回', button: 'Withdraw', when: { status: [1] }, set: { status: 0 } },
    approve: {
      label: '审核过账',
      button: 'Audit',
      when: { status: [1] },
      set: { status: 2 },
      confirm: '过账后库存立即变动，确定审核过账吗？',
    },
    reverse: {
      label: '冲销',
      button: 'Reverse',
      when: { status: [2] },
      set: { status: 3 },
      reason: true,
      confirm: '冲销将按原数量反向记账，确定冲销吗？',
      danger: true,
      unless: madeByProduction,
    },
    cancel: {
      label: '作废',
      button: 'Cancel',
      when: { status: [0, 1] },
      set: { status: 9 },
      confirm: '确定作废该单据吗？作废后不能恢复',
      danger: true,
    },
  },
});

/**
 * A stock count sheet (DOMAIN "Stock count"): started, it snapshots the book quantities of its
 * scope and freezes it (no posting there); counted and submitted, it is approved by someone other
 * than the counter, which posts the differences as gains and losses and unfreezes.
 */
export const stockCountMachine = defineMachine({
  name: 'stockCount',
  label: '盘点单',
  route: 'inventoryAccount',
  numberField: 'code',
  base: `${WAREHOUSE_BASE}stockCount/`,
  states: { status: { label: '状态', enum: stockCountStatus } },
  actions: {
    start: {
      label: '开始盘点',
      button: 'Start',
      when: { status: [0] },
      set: { status: 1 },
      confirm: '开始后将按当前账面生成盘点明细，盘点范围内暂停出入库，确定开始吗？',
    },
    submit: { label: '提交', button: 'Submit', when: { status: [1] }, set: { status: 2 } },
    reject: { label: '驳回', button: 'Reject', when: { status: [2] }, set: { status: 1 }, reason: true },
    approve: {
      label: '审核过账',
      button: 'Audit',
      when: { status: [2] },
      set: { status: 3 },
      confirm: '过账后盘盈盘亏将调整库存，确定审核过账吗？',
    },
    cancel: {
      label: '作废',
      button: 'Cancel',
      when: { status: [0, 1] },
      set: { status: 9 },
      confirm: '作废后盘点范围恢复出入库，确定作废吗？',
      danger: true,
    },
  },
});

/**
 * A work order's preparation order (备料单, DOMAIN "Material preparation"): made at release (0 to
 * issue); sent to the warehouse (下发, 1 to prepare); a pick makes it 2 preparing, or 3 prepared
 * once every line is covered; cancelled by hand or with its plan's withdrawal.
 */
export const materialPrepMachine = defineMachine({
  name: 'materialPrep',
  label: '备料单',
  route: 'warehouseAssign',
  numberField: 'code',
  base: `${WAREHOUSE_BASE}materialPrep/`,
  states: { status: { label: '备料状态', enum: materialPreparationStatus } },
  actions: {
    send: { label: '下发', button: 'Confirm', when: { status: [0] }, set: { status: 1 } },
    // its own call: posts the pick; 2 preparing, 3 prepared once every line is covered
    pick: { label: '领料', button: 'Modify', own: true, when: { status: [1, 2] } },
    // sending holds what the shelves have; this holds what came in since (docs/warehouse.md "Holds")
    hold: { label: '预占库存', button: 'Confirm', when: { status: [1, 2] } },
    cancel: {
      label: '取消',
      button: 'Cancel',
      when: { status: [0, 1, 2] },
      set: { status: 9 },
      confirm: '取消后不再备料，预占的库存随之释放，已领的料留在线边仓，确定取消吗？',
      danger: true,
    },
  },
});
