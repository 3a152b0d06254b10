/**
 * Shape of the route tree (spec 000 §2). The tree is data: the web router, the side menu, the
 * guard, the role editor and the server's permission table are all derived from it.
 */
export type ButtonAction =
  | 'Add'
  | 'Modify'
  | 'Copy'
  | 'Del'
  | 'Enable'
  | 'Disable'
  | 'Import'
  | 'Export'
  | 'Detail'
  | 'Print'
  | (string & {});

export interface RouteMeta {
  /** Chinese title shown in menu, tag bar, breadcrumb and page title. */
  title: string;
  /** Menu entry to highlight when this (usually hidden) page is open. */
  activeMenu?: string;
  /** Not shown in the side menu. */
  hidden?: boolean;
  /** Page is not kept alive in the tag cache. */
  noCache?: boolean;
  /** No slogan footer / background. */
  nb?: boolean;
  /** Reachable by any signed-in user, whatever the role. */
  noAuth?: boolean;
  canLink?: boolean;
  /** antd icon name for first-level entries. */
  icon?: string;
  /** Button permission actions of this page; the key is `${name}${action}`. */
  buttons?: ButtonAction[];
  /** Page belongs to the application market (never in the side menu). */
  market?: boolean;
  /** Tenant feature flag that must be on for this route to exist. */
  flag?: string;
}

export interface RouteNode {
  /** Unique, camelCase; a permission key prefix. */
  name: string;
  /** Path relative to the parent (no leading slash) or absolute for top-level routes. */
  path: string;
  /** Name of the child to open when the group itself is visited. */
  redirect?: string;
  meta: RouteMeta;
  children?: RouteNode[];
}
