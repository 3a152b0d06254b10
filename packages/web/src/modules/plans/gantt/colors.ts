import type { GanttBlock } from '@factory/shared/api/producePlan';

/** How the chart fills its blocks: by the plan's progress (the spec's), or one colour per order. */
export type ColorBy = 'status' | 'order';

export const COLOR_BY_OPTIONS: { value: ColorBy; label: string }[] = [
  { value: 'status', label: '按状态' },
  { value: 'order', label: '按订单' },
];

/** Fills for colouring by order: twelve hues, each dark enough for the block's white text. */
export const ORDER_PALETTE = [
  '#1677ff',
  '#08979c',
  '#722ed1',
  '#d4380d',
  '#c41d7f',
  '#389e0d',
  '#ad6800',
  '#2f54eb',
  '#531dab',
  '#006d75',
  '#a8071a',
  '#5b8c00',
] as const;

/**
 * Each order of the rows its fill: the orders by number, the palette in turn, so the same rows
 * always get the same colours and neighbouring order numbers (the same customer's week) differ.
 */
export function orderColors(rows: readonly { gtArray: readonly Pick<GanttBlock, 'orderCode'>[] }[]) {
  const codes = [...new Set(rows.flatMap((r) => r.gtArray.map((b) => b.orderCode)))].sort();
  return new Map(codes.map((c, i) => [c, ORDER_PALETTE[i % ORDER_PALETTE.length] as string]));
}
