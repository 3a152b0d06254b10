import type { ButtonAction, RouteNode } from '../routeTypes.ts';
import { publicRoutes } from './public.ts';
import { DIGITS_ONLY, mainRoutes, numericIdRoutes, routeTree } from './tree.ts';

// Queries on the route tree (pure; the tree is static, so lookups are indexed once).

/** Return false from the visitor to skip a node's children. */
export type RouteVisitor = (node: RouteNode, parents: readonly RouteNode[]) => unknown;

/** Depth-first, parents before children, in tree order; `parents` is the chain from the root. */
export function walkRoutes(
  nodes: readonly RouteNode[],
  fn: RouteVisitor,
  parents: readonly RouteNode[] = [],
): void {
  for (const node of nodes) {
    if (fn(node, parents) === false) continue;
    if (node.children) walkRoutes(node.children, fn, [...parents, node]);
  }
}

function joinPath(base: string, path: string): string {
  if (path.startsWith('/')) return path;
  return base.endsWith('/') ? `${base}${path}` : `${base}/${path}`;
}

interface Entry {
  node: RouteNode;
  parents: readonly RouteNode[];
  path: string;
}

let index: Map<string, Entry> | undefined;

/** Built once: the tree is static. The first node wins on a duplicate name (the test forbids them). */
function entries(): Map<string, Entry> {
  if (index) return index;
  const map = new Map<string, Entry>();
  const paths = new Map<RouteNode, string>();
  walkRoutes(routeTree, (node, parents) => {
    const parent = parents.at(-1);
    const path = joinPath(parent ? (paths.get(parent) ?? '/') : '/', node.path);
    paths.set(node, path);
    if (!map.has(node.name)) map.set(node.name, { node, parents, path });
  });
  index = map;
  return map;
}

export function allRouteNames(): string[] {
  const names: string[] = [];
  walkRoutes(routeTree, (node) => {
    names.push(node.name);
  });
  return names;
}

export function findRoute(name: string): RouteNode | undefined {
  return entries().get(name)?.node;
}

/** The chain of ancestors of a route, root first; undefined for an unknown name. */
export function routeParents(name: string): readonly RouteNode[] | undefined {
  return entries().get(name)?.parents;
}

export function buttonKey(name: string, action: ButtonAction): string {
  return `${name}${action}`;
}

function keysOf(nodes: readonly RouteNode[]): string[] {
  const keys: string[] = [];
  walkRoutes(nodes, (node) => {
    for (const action of node.meta.buttons ?? []) keys.push(buttonKey(node.name, action));
  });
  return keys;
}

/** Every button permission key of the tree, `${routeName}${Action}`. */
export function permissionKeys(): string[] {
  return keysOf(routeTree);
}

/**
 * What the `base_router` config holds: every route name under the main shell plus every button key
 * (public pages' keys included: the provider's tenant screens are public routes with buttons).
 */
export function webPermissionCodes(): string[] {
  const names: string[] = [];
  walkRoutes(mainRoutes, (node) => {
    names.push(node.name);
  });
  return [...names, ...keysOf(routeTree)];
}

export function publicRouteNames(): string[] {
  const names: string[] = [];
  walkRoutes(publicRoutes, (node) => {
    names.push(node.name);
  });
  return names;
}

/** Absolute path pattern of a route (with `:params`). Throws on an unknown name: that is a typo. */
export function routePath(name: string): string {
  const entry = entries().get(name);
  if (!entry) throw new Error(`Unknown route: ${name}`);
  return entry.path;
}

/** Follows redirects until a route without one; the route the browser ends up on. */
export function resolveRedirect(name: string): string {
  let current = name;
  const seen = new Set([name]);
  let target = findRoute(current)?.redirect;
  while (target && !seen.has(target)) {
    seen.add(target);
    current = target;
    target = findRoute(current)?.redirect;
  }
  return current;
}

/** False when a digits-only param holds something else (the guard then shows /404). */
export function paramsAreValid(name: string, params: Readonly<Record<string, string | undefined>>): boolean {
  if (!numericIdRoutes.has(name)) return true;
  return DIGITS_ONLY.test(params.id ?? '');
}

/** A concrete URL for a route: fills `:param`s, throws when one is missing. */
export function routeHref(name: string, params: Readonly<Record<string, string | number>> = {}): string {
  return routePath(name).replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs param ${key}`);
    return encodeURIComponent(String(value));
  });
}

function toSet(roleNames: ReadonlySet<string> | readonly string[]): ReadonlySet<string> {
  return roleNames instanceof Set ? roleNames : new Set(roleNames);
}

function inMenu(node: RouteNode): boolean {
  return !node.meta.hidden && !node.meta.market;
}

/**
 * Landing route after sign-in, literally spec 001 §6: the first top-level main route (in order,
 * skipping hidden and market ones) that has no children and whose name is among the user's roles.
 * Only leaf modules qualify, which today means `home`; callers fall back to `firstPermittedLeaf`.
 */
export function landingRoute(roleNames: ReadonlySet<string> | readonly string[]): RouteNode | undefined {
  const roles = toSet(roleNames);
  return mainRoutes.find((node) => inMenu(node) && !node.children?.length && roles.has(node.name));
}

/**
 * Unlike `landingRoute`, descends into modules: the first menu-visible leaf page, depth-first, that
 * the user may open. Every node on the way must be permitted (or noAuth), as the side menu requires,
 * since role data holds checked and half-checked names, a permitted page's ancestors are in it.
 */
export function firstPermittedLeaf(
  roleNames: ReadonlySet<string> | readonly string[],
): RouteNode | undefined {
  const roles = toSet(roleNames);
  let found: RouteNode | undefined;
  walkRoutes(mainRoutes, (node) => {
    if (found || !inMenu(node) || !(node.meta.noAuth || roles.has(node.name))) return false;
    if (!node.children?.length) found = node;
    return true;
  });
  return found;
}
