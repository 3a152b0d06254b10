/**
 * The permission codes as a tree, for the two screens that grant them (the tenant's `base_router`
 * in 基础设置 and a role's function permissions) and for the server that checks what a role editor
 * sends. Both screens show the same tree and cascade the same way: checking a node takes its
 * subtree and its ancestors, unchecking drops its subtree. A role stores the granted set in the
 * authority format of spec 000 §3 (`checked` and `half`, see `authorityOfGrant`).
 */
import { type AuthorityPart, parseAuthority } from './permissions.ts';
import { mainRoutes, publicRoutes, webPermissionCodes } from './routes.ts';
import type { RouteNode } from './routeTypes.ts';

export interface CodeNode {
  /** The permission code (route name or button key); a container's key is not a code. */
  key: string;
  /** A container only groups codes: it is not a code itself and has no checkbox. */
  kind: 'route' | 'button' | 'container';
  /** Route title or container heading; for a button, its action (Add, Del …). */
  title: string;
  /** A page never shown in the menu (detail, market, system pages). */
  hidden?: boolean;
  children?: CodeNode[];
}

const CONTAINER_PREFIX = 'group:';

function buttonNodes(node: RouteNode): CodeNode[] {
  return (node.meta.buttons ?? []).map((a) => ({ key: `${node.name}${a}`, kind: 'button', title: a }));
}

function routeNode(node: RouteNode): CodeNode {
  const children = [...(node.children ?? []).map(routeNode), ...buttonNodes(node)];
  return {
    key: node.name,
    kind: 'route',
    title: node.meta.title,
    ...(node.meta.hidden || node.meta.market ? { hidden: true } : {}),
    ...(children.length ? { children } : {}),
  };
}

const container = (name: string, title: string, children: CodeNode[]): CodeNode => ({
  key: `${CONTAINER_PREFIX}${name}`,
  kind: 'container',
  title,
  children,
});

let full: readonly CodeNode[] | undefined;

/**
 * The whole code space (`webPermissionCodes`): the menu modules first, then the top-level pages
 * that are never in the menu (tag-bar refresh, market, changelog, personal centre), then the
 * public pages that have buttons (the provider's tenant screens), whose own names are not codes.
 */
export function permissionTree(): readonly CodeNode[] {
  if (full) return full;
  const inMenu = (n: RouteNode) => !n.meta.hidden && !n.meta.market;
  const publicPages: CodeNode[] = [];
  const collectPublic = (nodes: readonly RouteNode[]) => {
    for (const n of nodes) {
      if (n.meta.buttons?.length) publicPages.push(container(n.name, n.meta.title, buttonNodes(n)));
      if (n.children) collectPublic(n.children);
    }
  };
  collectPublic(publicRoutes);
  full = [
    ...mainRoutes.filter(inMenu).map(routeNode),
    container('system', '系统页面（不在菜单中显示）', mainRoutes.filter((n) => !inMenu(n)).map(routeNode)),
    container('public', '服务商公共页面', publicPages),
  ];
  return full;
}

/**
 * The tree limited to these codes (a tenant's base_router): a route outside them goes with its
 * whole subtree (nothing under an unreachable page can be used), an emptied container goes too.
 */
export function narrowTree(tree: readonly CodeNode[], codes: Iterable<string>): CodeNode[] {
  const keep = new Set(codes);
  const visit = (node: CodeNode): CodeNode[] => {
    if (node.kind !== 'container' && !keep.has(node.key)) return [];
    const children = (node.children ?? []).flatMap(visit);
    if (node.kind === 'container' && !children.length) return [];
    const { children: _, ...rest } = node;
    return [children.length ? { ...rest, children } : rest];
  };
  return tree.flatMap(visit);
}

export interface TreeIndex {
  tree: readonly CodeNode[];
  /** Every code of the tree, in tree order. */
  codes: readonly string[];
  /** A code's parent code (containers are not parents). */
  parentOf: ReadonlyMap<string, string>;
  /** Every key below a node (codes and containers' children alike). */
  descendants: ReadonlyMap<string, readonly string[]>;
  /** Keys of nodes with children (expand all). */
  groups: readonly string[];
  /** The codes that are routes (the rest are buttons). */
  routes: ReadonlySet<string>;
}

export function indexTree(tree: readonly CodeNode[]): TreeIndex {
  const codes: string[] = [];
  const parentOf = new Map<string, string>();
  const descendants = new Map<string, string[]>();
  const groups: string[] = [];
  const routes = new Set<string>();
  const visit = (node: CodeNode): string[] => {
    if (node.kind !== 'container') codes.push(node.key);
    if (node.kind === 'route') routes.add(node.key);
    const below: string[] = [];
    for (const child of node.children ?? []) {
      if (node.kind !== 'container') parentOf.set(child.key, node.key);
      below.push(child.key, ...visit(child));
    }
    if (node.children?.length) groups.push(node.key);
    descendants.set(node.key, below);
    return below;
  };
  for (const n of tree) visit(n);
  return { tree, codes, parentOf, descendants, groups, routes };
}

/** base_router holds a JSON list of web codes; empty or unreadable means every code of the route tree. */
export function parseBaseRouter(value: string | null | undefined): string[] | undefined {
  if (!value) return undefined;
  try {
    const list = JSON.parse(value);
    return Array.isArray(list) && list.length > 0
      ? list.filter((c): c is string => typeof c === 'string')
      : undefined;
  } catch {
    return undefined;
  }
}

/** The tree of a tenant whose base_router holds these codes, indexed. */
export const tenantTree = (webCodes: Iterable<string>): TreeIndex =>
  indexTree(narrowTree(permissionTree(), webCodes));

/** The granted codes of an authority text: checked ∪ half of every part. */
export function grantedCodes(authority: string | null | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of parseAuthority(authority)) for (const c of [...part.checked, ...part.half]) out.add(c);
  return out;
}

/**
 * A granted set (closed under ancestors, as the tree's cascade keeps it) in the authority format:
 * a node whose subtree is wholly granted, or that has nothing granted below it (a page granted for
 * viewing, without its buttons), is `checked`; a node with part of its subtree granted is `half`.
 * So every half node has something checked below it, and checked ∪ half is exactly the grant.
 */
export function authorityOfGrant(granted: ReadonlySet<string>, index: TreeIndex): AuthorityPart {
  const checked: string[] = [];
  const half: string[] = [];
  for (const code of index.codes) {
    if (!granted.has(code)) continue;
    // containers are only at the top: everything below a code is a code
    const below = index.descendants.get(code) ?? [];
    const on = below.filter((k) => granted.has(k)).length;
    if (on === 0 || on === below.length) checked.push(code);
    else half.push(code);
  }
  return { checked, half };
}

const KNOWN = new Map(webPermissionCodes().map((c) => [c.toLowerCase(), c]));

/**
 * Reads a role's authority text strictly, as a role editor must have written it: '' (nothing
 * granted) or parts joined by '|||', each a JSON object with `checked` and `half` lists of known
 * codes (spelled in any case; returned as the route tree spells them); no code both checked and
 * half; a half code a route with something checked below it; every granted code's parent granted.
 * Returns the granted set, or the Chinese reason it is refused.
 */
export function readAuthority(text: string): { granted: Set<string> } | { error: string } {
  const granted = new Set<string>();
  if (!text.trim()) return { granted };
  const index = indexTree(permissionTree());
  const raw = text.split('|||');
  const unknown: string[] = [];
  const parts: AuthorityPart[] = [];
  for (const [i, chunk] of raw.entries()) {
    let value: unknown;
    try {
      value = JSON.parse(chunk);
    } catch {
      return { error: `权限格式不正确：第${i + 1}段不是有效的JSON` };
    }
    const v = value as Partial<Record<'checked' | 'half', unknown>> | null;
    const list = (x: unknown) => Array.isArray(x) && x.every((c) => typeof c === 'string');
    if (
      !v ||
      typeof v !== 'object' ||
      Array.isArray(v) ||
      !list(v.checked) ||
      !(v.half === undefined || list(v.half))
    )
      return { error: `权限格式不正确：第${i + 1}段应为 {checked, half}，且均为权限码列表` };
    const canon = (codes: string[]) =>
      codes.map((c) => {
        const known = KNOWN.get(c.toLowerCase());
        if (!known) unknown.push(c);
        return known ?? c;
      });
    parts.push({ checked: canon(v.checked as string[]), half: canon((v.half ?? []) as string[]) });
  }
  if (unknown.length)
    return {
      error: `未知的权限码：${[...new Set(unknown)]
        .slice(0, 5)
        .map((c) => c.slice(0, 64))
        .join('、')}`,
    };
  for (const part of parts) {
    const checked = new Set(part.checked);
    for (const code of part.half) {
      if (checked.has(code)) return { error: `权限码“${code}”不能既是全选又是半选` };
      const below = index.descendants.get(code) ?? [];
      if (!index.routes.has(code) || !below.some((k) => checked.has(k)))
        return { error: `半选的“${code}”应为其下有已勾选项的菜单或页面` };
    }
    for (const c of [...part.checked, ...part.half]) granted.add(c);
  }
  for (const code of granted) {
    const parent = index.parentOf.get(code);
    if (parent && !granted.has(parent)) return { error: `已授权“${code}”，但未授权其上级“${parent}”` };
  }
  return { granted };
}
