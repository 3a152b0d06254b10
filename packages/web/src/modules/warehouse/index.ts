import type { Pages } from '../../platform/pages.ts';

/** Warehouse and inventory (warehouse in the route tree): stock documents, their ledger, the stock they leave. */
export const pages: Pages = {
  warehouseRecord: () => import('./StockDocList.tsx'),
  warehouseOperate: () => import('./StockDocAdd.tsx'),
  warehouseOperateDetail: () => import('./StockDocDetail.tsx'),
  inventory: () => import('./Inventory.tsx'),
  inventoryAccount: () => import('./InventoryAccount.tsx'),
  warehouseAssign: () => import('./PrepList.tsx'),
  warehouseAssignDetail: () => import('./PrepDetail.tsx'),
};

// the parts the line-side screens (siteWarehouse) show the line-side stock and account with
export { type AccountSource, AccountView } from './accountView.tsx';
export {
  FilterCard,
  FilterItem,
  ReportTable,
  useReportExport,
  useReportPaging,
  WarehousesSelect,
  warehouseIdStr,
} from './reportParts.tsx';
export type { MovementSource } from './stockDocParts.tsx';
export { materialMovements, StockDrawer } from './stockDrawer.tsx';
