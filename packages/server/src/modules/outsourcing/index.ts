import { supplierEntity } from '@factory/shared/entities/partner';
import type { ModuleFace } from '../../platform/module.ts';
import { OVERDUE_NOTICES_CRON, OVERDUE_NOTICES_JOB, sweepOverdueNotices } from './notices.ts';
import { outsourceOrder, outsourceOrderActions, outsourcingRoutes } from './orders.ts';
import { outsourceOrders } from './schema.ts';

/**
 * Outsourcing (DOMAIN "Outsourcing"): orders giving a work order's outsourced step to a supplier,
 * drafted at release (through the plans module's release hook), confirmed, sent out and received
 * back as the step's reports (through the plans module's report services), on a declared machine.
 * docs/outsourcing.md.
 */
export const outsourcing: ModuleFace = {
  name: 'outsourcing',
  routes: [...outsourceOrder.routes, ...outsourceOrderActions.routes, ...outsourcingRoutes],
  async start(_app, services) {
    await services.jobs.schedule(OVERDUE_NOTICES_JOB, OVERDUE_NOTICES_CRON, () =>
      sweepOverdueNotices(services),
    );
    return undefined;
  },
  references: [
    {
      target: supplierEntity,
      column: outsourceOrders.supplierId,
      label: '委外单',
      names: outsourceOrders.code,
    },
  ],
};

export { sweepOverdue } from './notices.ts';
export { draftOrdersFor, outsourceOrder, outsourceOrderActions } from './orders.ts';
export * from './schema.ts';
