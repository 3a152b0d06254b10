import {
  bigint,
  date,
  index,
  integer,
  numeric,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { quantity, searchIndex, tenantId, tenantTable, timestamps } from '../../platform/schema.ts';
import { suppliers } from '../information/index.ts';
import { produceTasks, produceWorkOrders, reportWorks } from '../plans/index.ts';
import { users } from '../setting/index.ts';
import { stockDocs } from '../warehouse/index.ts';

/**
 * Outsourcing (DOMAIN "Outsourcing"): orders giving one outsourced step of a work order to a
 * supplier, what was sent out, and what came back (each receipt written as the step's report,
 * kept here so it can be reversed). The state column carries its machine's field name; `version`
 * is bumped by every action and edit.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** 委外单: one outsourced step of one work order at one supplier. */
export const outsourceOrders = tenantTable(
  'outsource_order',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    /** Empty while a draft: release makes the order before anyone chose the supplier. */
    supplierId: integer('supplier_id').references(() => suppliers.id),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => produceWorkOrders.id),
    /** The work order's step of process type 1 (outsourced). */
    taskId: integer('task_id')
      .notNull()
      .references(() => produceTasks.id),
    quantity: quantity('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull().default('0'),
    /** quantity × unitPrice, 2 decimals half-up, written on save. */
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull().default('0'),
    planReturnDate: date('plan_return_date'),
    sentQuantity: quantity('sent_quantity').notNull().default('0'),
    receivedGoodQuantity: quantity('received_good_quantity').notNull().default('0'),
    receivedDefectQuantity: quantity('received_defect_quantity').notNull().default('0'),
    /** outsourceOrderStatus: 0 draft, 1 confirmed, 2 sent, 3 partly received, 4 completed, 9 cancelled. */
    status: smallint('status').notNull().default(0),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    /** The factory day it was last told overdue (told once a day until it is back). */
    overdueNoticedOn: date('overdue_noticed_on', { mode: 'string' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('outsource_order_code_uq').on(t.tenantId, t.code),
    index('outsource_order_supplier_idx').on(t.supplierId),
    index('outsource_order_work_order_idx').on(t.workOrderId),
    index('outsource_order_task_idx').on(t.taskId),
    index('outsource_order_status_idx').on(t.status),
    index('outsource_order_created_idx').on(t.createdAt),
    searchIndex('outsource_order', t.code),
  ],
);

/** 发外: units of an order sent out to its supplier at one time. */
export const outsourceSends = tenantTable(
  'outsource_send',
  {
    id: serial('id'),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => outsourceOrders.id, { onDelete: 'cascade' }),
    quantity: quantity('quantity').notNull(),
    /** The transfer of the step's materials into the supplier's outsourcing warehouse, if any moved. */
    stockDocId: integer('stock_doc_id').references(() => stockDocs.id),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('outsource_send_order_idx').on(t.orderId)],
);

/** 收回: units of an order received back, written as the step's report (`reportId`). */
export const outsourceReceipts = tenantTable(
  'outsource_receipt',
  {
    id: serial('id'),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => outsourceOrders.id, { onDelete: 'cascade' }),
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => reportWorks.id),
    goodQuantity: quantity('good_quantity').notNull(),
    defectQuantity: quantity('defect_quantity').notNull().default('0'),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When the receipt was reversed with its report (撤销收回); the order no longer counts it. */
    reversedAt: at('reversed_at'),
    reversedBy: integer('reversed_by').references(() => users.id),
    reverseReason: text('reverse_reason'),
  },
  (t) => [
    index('outsource_receipt_order_idx').on(t.orderId),
    index('outsource_receipt_report_idx').on(t.reportId),
  ],
);
