import { materialsEntity } from '@factory/shared/entities/materials';
import { warehouseEntity } from '@factory/shared/entities/warehouse';
import type { ModuleFace } from '../../platform/module.ts';
// report work backflushes the line side (it joins report work's transaction on import)
import './backflush.ts';
import { kittingRoutes } from './kitting.ts';
import { LIMIT_NOTICES_CRON, LIMIT_NOTICES_JOB, sweepLimitNotices } from './limits.ts';
import { lineSideRoutes } from './lineSide.ts';
import { materialPrepRoutes } from './materialPreps.ts';
import { scanRoutes } from './scan.ts';
import { stockBalances, stockDocLines, stockDocs } from './schema.ts';
import { stockRoutes } from './stock.ts';
import { stockCountRoutes } from './stockCounts.ts';
import { stockInImportRoutes } from './stockDocImport.ts';
import { stockDoc, stockDocActions } from './stockDocs.ts';
import { stockingRoutes } from './stocking.ts';

/**
 * Warehouse and inventory (DOMAIN "Warehouse and inventory"): stock documents with lines on a
 * declared machine, the ledger they post to (movements and the balances they keep), and the
 * inventory, account and record views of it. No other module writes a balance.
 */
export const warehouse: ModuleFace = {
  name: 'warehouse',
  routes: [
    ...stockDoc.routes,
    ...stockDocActions.routes,
    ...stockInImportRoutes,
    ...scanRoutes,
    ...stockRoutes,
    ...stockingRoutes,
    ...stockCountRoutes,
    ...kittingRoutes,
    ...materialPrepRoutes,
    ...lineSideRoutes,
  ],
  async start(_app, services) {
    await services.jobs.schedule(LIMIT_NOTICES_JOB, LIMIT_NOTICES_CRON, () => sweepLimitNotices(services));
    return undefined;
  },
  references: [
    { target: materialsEntity, column: stockBalances.materialsId, label: '库存' },
    { target: materialsEntity, column: stockDocLines.materialsId, label: '出入库单' },
    { target: warehouseEntity, column: stockDocs.warehouseId, label: '出入库单', names: stockDocs.code },
    { target: warehouseEntity, column: stockBalances.warehouseId, label: '库存' },
  ],
};

export { holdBatch, releaseBatch } from './allocation.ts';
export { sendOutMaterials } from './backflush.ts';
export { bookingType } from './bookingType.ts';
export { type Posting, type PostingSource, pickFifo, post, shortage } from './ledger.ts';
export { type IssueEvent, materialPrep, materialPrepActions, onIssue } from './materialPreps.ts';
export * from './schema.ts';
export { balances, ids, pageOf } from './stock.ts';
export { stockCount, stockCountActions } from './stockCounts.ts';
export { postNow, reverseMadeFor, stockDoc, stockDocActions } from './stockDocs.ts';
export { stockFinished } from './stocking.ts';
