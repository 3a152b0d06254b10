import { materialsEntity } from '@factory/shared/entities/materials';
import { customerEntity } from '@factory/shared/entities/partner';
import type { ModuleFace } from '../../platform/module.ts';
import { demandRoutes } from './demand.ts';
import { salesOrder, salesOrderActions, salesRoutes } from './orders.ts';
import { salesOrderLines, salesOrders } from './schema.ts';

/**
 * Sales (DOMAIN "Sales order"): sales orders with lines on a declared machine, the production
 * orders their confirmation makes (through the plans module) and the shipments (outbound stock
 * documents of type 1, through the warehouse module) against their lines, taken back by 撤销发货;
 * the sales demand list (销售需求) of open demand against stock and production. docs/sales.md.
 */
export const sales: ModuleFace = {
  name: 'sales',
  routes: [...salesOrder.routes, ...salesOrderActions.routes, ...salesRoutes, ...demandRoutes],
  references: [
    { target: customerEntity, column: salesOrders.customerId, label: '销售订单', names: salesOrders.code },
    { target: materialsEntity, column: salesOrderLines.materialsId, label: '销售订单' },
  ],
};

export { salesOrder, salesOrderActions } from './orders.ts';
export * from './schema.ts';
