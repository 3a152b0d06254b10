import type { FilterItem } from '@factory/shared/api/list';
import type { ReactNode } from 'react';

/** Text of an action that may depend on the row (启用/停用). */
export type Text<A extends unknown[]> = string | ((...args: A) => string);

export interface ActionBase<A extends unknown[]> {
  key: string;
  label: string;
  /** Button action of the page's route ('Modify' → `<route>Modify`); none means always allowed. */
  action?: string;
  icon?: ReactNode;
  danger?: boolean;
  /** Asks first in a '提示' dialog with this text (e.g. '您确定要删除吗?'). */
  confirm?: Text<A>;
  /** Shown when the returned promise resolves (e.g. '删除成功'); the list then reloads. */
  success?: Text<A>;
  /**
   * Runs the action. A returned promise shows a spinner and, once it resolves, reloads the list;
   * a rejection has been explained by the request client and changes nothing.
   */
  onClick(...args: A): unknown;
}

export interface RowAction<T> extends ActionBase<[row: T]> {
  /** Shown for this row (an enable action only on disabled rows). */
  visible?(row: T): boolean;
}

export interface ToolbarAction extends ActionBase<[]> {
  /** The page's main action is the one primary button. */
  primary?: boolean;
}

export interface BatchAction<T> extends ActionBase<[rows: T[]]> {}

/** A page's changes to a declared field's column. */
export interface ColumnOverride<T> {
  title?: ReactNode;
  width?: number;
  render?(value: unknown, row: T, index: number): ReactNode;
  align?: 'left' | 'right' | 'center';
  ellipsis?: boolean;
  /** Shown by default (overrides the declaration's `list`), e.g. hiding the parent in a list under it. */
  list?: boolean;
}

/** A column that is not a declared field (computed or combined), also offered in column settings. */
export interface ExtraColumn<T> extends ColumnOverride<T> {
  key: string;
  title: string;
  /** Declared field key it follows; the end when omitted. */
  after?: string;
  /** Shown until the user hides it; true when omitted. */
  list?: boolean;
  render(value: unknown, row: T, index: number): ReactNode;
}

/**
 * What export and import handlers get: the list's current filters and order, the selection, and
 * the visible column keys in display order (what an export writes).
 */
export interface ListContext<T> {
  filters: FilterItem[];
  order?: string;
  selected: T[];
  columns: string[];
}

/** Lets the page reload the list after its own dialogs save. */
export interface ListPageHandle {
  reload(): void;
}
