import { mainRoutes, routePath } from '@factory/shared/routes';
import type { RouteNode } from '@factory/shared/routeTypes';

/** A visible side-menu entry (spec 000 §2 Side menu). */
export interface MenuEntry {
  name: string;
  title: string;
  icon?: string;
  /** Absolute path to open (for a group: its first visible page). */
  path: string;
  children: MenuEntry[];
}

export interface MenuSubject {
  isAdmin: boolean;
  /** Lower-cased permission codes. */
  permissions: ReadonlySet<string>;
}

const permitted = (node: RouteNode, s: MenuSubject) =>
  node.meta.noAuth || s.isAdmin || s.permissions.has(node.name.toLowerCase());

/**
 * Entries are hidden when flagged hidden, not permitted, market pages, or when no page under them
 * exists yet; a group opens its first visible page.
 */
export function menuEntries(
  subject: MenuSubject,
  hasPage: (name: string) => boolean,
  nodes: readonly RouteNode[] = mainRoutes,
): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const node of nodes) {
    if (node.meta.hidden || node.meta.market || !permitted(node, subject)) continue;
    const children = node.children?.length ? menuEntries(subject, hasPage, node.children) : [];
    if (node.children?.length) {
      if (children.length === 0) continue;
      out.push({
        name: node.name,
        title: node.meta.title,
        icon: node.meta.icon,
        path: children[0].path,
        children,
      });
    } else if (hasPage(node.name)) {
      out.push({
        name: node.name,
        title: node.meta.title,
        icon: node.meta.icon,
        path: routePath(node.name),
        children: [],
      });
    }
  }
  return out;
}

/** The first-level entry that contains a route (for highlighting and the second-level panel). */
export function topEntryOf(entries: readonly MenuEntry[], routeName: string): MenuEntry | undefined {
  const contains = (e: MenuEntry): boolean => e.name === routeName || e.children.some(contains);
  return entries.find(contains);
}
