import type { ButtonAction, RouteMeta, RouteNode } from '../routeTypes.ts';

export type MetaExtra = Omit<RouteMeta, 'title'>;

/** A page shown in the menu. */
export function page(
  name: string,
  path: string,
  title: string,
  buttons: ButtonAction[] = [],
  extra: MetaExtra = {},
): RouteNode {
  return { name, path, meta: { title, ...extra, ...(buttons.length > 0 ? { buttons } : {}) } };
}

/** A hidden page (detail, edit) that highlights the menu entry of the list it belongs to. */
export function sub(
  name: string,
  path: string,
  title: string,
  activeMenu: string,
  extra: MetaExtra = {},
): RouteNode {
  return { name, path, meta: { title, hidden: true, activeMenu, ...extra } };
}

/** A hidden add form: not cached, so each visit starts from an empty form. */
export function addPage(name: string, path: string, title: string, activeMenu: string): RouteNode {
  return sub(name, path, title, activeMenu, { noCache: true });
}

/** A menu node with children; visiting it opens `redirect`, by default its first visible child. */
export function group(
  name: string,
  path: string,
  title: string,
  children: RouteNode[],
  extra: MetaExtra = {},
  redirect?: string,
): RouteNode {
  const target = redirect ?? children.find((c) => !c.meta.hidden)?.name;
  return { name, path, ...(target ? { redirect: target } : {}), meta: { title, ...extra }, children };
}

// Button sets shared by many lists; pages add their own actions on top.
export const CRUD: ButtonAction[] = ['Add', 'Modify', 'Del'];
export const CRUD_IO: ButtonAction[] = [...CRUD, 'Import', 'Export'];
export const TOGGLE: ButtonAction[] = ['Enable', 'Disable'];
/** Work-order actions of spec 000 §4 (Split/Reduce are switched on per tenant by feature flag). */
export const WORK_ACTIONS: ButtonAction[] = [
  'Confirm',
  'Unconfirm',
  'Finish',
  'End',
  'Cancel',
  'Restart',
  'Distribute',
  'Withdraw',
  'Reset',
  'Skip',
  'Start',
  'Continue',
  'Reopen',
  'Split',
  'Reduce',
];
/** Equipment and service bills are dispatched to a person who starts and finishes them. */
export const BILL_ACTIONS: ButtonAction[] = ['Distribute', 'Withdraw', 'Start', 'Finish', 'Cancel'];
export const ORDER_ACTIONS: ButtonAction[] = ['Confirm', 'Unconfirm', 'Finish', 'Cancel'];
