import type { AnyEnum } from '../enums/defineEnum.ts';
import { confirmStatus } from '../enums/index.ts';
import type { FieldDecl } from './define.ts';
import { createdAtField, remarkField } from './information.ts';
import { keptQuantity, MAX_PRODUCE_QUANTITY } from './produceOrder.ts';

/** Largest unit price of an order line (yuan). */
export const MAX_UNIT_PRICE = 100_000_000;

/** A line's amount: quantity × unit price, 2 decimals half-up (the server's rule, docs/sales.md). */
export const lineAmount = (quantity: number, unitPrice: number): number => {
  const cents = Math.round(Math.abs(quantity * unitPrice) * 100 + 1e-7);
  return (Math.sign(quantity * unitPrice) * cents) / 100;
};

const stateField = <const E extends AnyEnum>(label: string, list: E, width: number) =>
  ({
    label,
    type: 'enum',
    enum: list,
    readOnly: true,
    filter: ['eq', 'in'],
    sort: true,
    width,
  }) as const satisfies FieldDecl;

/**
 * The head fields every order has after its party (sales and purchase orders, DOMAIN "Sales
 * order", "Purchase order"): confirm and fulfilment states, the kept totals — ordered, fulfilled
 * (`fulfilled` is shippedQuantity or receivedQuantity), amount, earliest delivery — and why it
 * was closed. The server keeps them (platform/orders.ts).
 */
export const orderHeadFields = <const E extends AnyEnum, const K extends string>(o: {
  status: E;
  statusLabel: string;
  quantityLabel: string;
  fulfilled: K;
  fulfilledLabel: string;
}) =>
  ({
    confirmStatus: stateField('确认状态', confirmStatus, 90),
    status: stateField(o.statusLabel, o.status, 100),
    lineCount: { label: '行数', type: 'integer', readOnly: true, width: 70 },
    totalQuantity: keptQuantity(o.quantityLabel),
    ...({ [o.fulfilled]: keptQuantity(o.fulfilledLabel, 110) } as {
      [k in K]: ReturnType<typeof keptQuantity>;
    }),
    totalAmount: { label: '含税金额', type: 'number', readOnly: true, sort: true, width: 120 },
    earliestDelivery: {
      label: '最早交期',
      type: 'datetime',
      readOnly: true,
      filter: ['between', 'gte', 'lte'],
      sort: true,
      width: 170,
    },
    closeReason: { label: '关闭原因', type: 'string', readOnly: true, width: 160, list: false },
    remark: remarkField,
    createdAt: createdAtField,
  }) as const satisfies Record<string, FieldDecl>;

/** What an order line is bought or sold at: quantity, price with tax, tax rate, amount, delivery date. */
export const pricedLineFields = {
  quantity: {
    label: '数量',
    type: 'number',
    required: true,
    min: 0.000001,
    max: MAX_PRODUCE_QUANTITY,
    width: 100,
  },
  unitPrice: {
    label: '含税单价',
    type: 'number',
    required: true,
    min: 0,
    max: MAX_UNIT_PRICE,
    width: 110,
  },
  taxRate: { label: '税率(%)', type: 'number', min: 0, max: 100, width: 80 },
  amount: { label: '金额', type: 'number', readOnly: true, width: 110 },
  deliveryTime: { label: '交货日期', type: 'datetime', required: true, width: 170 },
} as const satisfies Record<string, FieldDecl>;
