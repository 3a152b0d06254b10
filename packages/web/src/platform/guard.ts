import { publicRouteNames } from '@factory/shared/routes';
import type { RouteMeta } from '@factory/shared/routeTypes';

/**
 * The route guard of spec 000 §2 as a pure decision, so every branch is unit-tested and the
 * router only carries it out.
 */
export const ALWAYS_ALLOWED = new Set(['reHome', 'reConsole']);
export const PUBLIC_ROUTES = new Set(publicRouteNames());

export interface GuardInput {
  /** Name and meta of the route being entered. */
  route: { name: string; meta?: Pick<RouteMeta, 'noAuth'> };
  token?: string;
  /**
   * Loaded user: name and lower-cased permission codes (route names among them); whether an
   * administrator set the password, which the user must replace before anything else.
   */
  user?: { userName: string; permissions: ReadonlySet<string>; mustChangePassword?: boolean };
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: 'login' | 'home' | 'notFound' }
  /** Load user info first, then decide again; on failure: reset token, show the error, go to login. */
  | { kind: 'loadUser' }
  /** The password an administrator set must be replaced first: the page is the password form. */
  | { kind: 'setPassword' };

export function decide({ route, token, user }: GuardInput): GuardDecision {
  if (ALWAYS_ALLOWED.has(route.name)) return { kind: 'allow' };
  if (!token) return PUBLIC_ROUTES.has(route.name) ? { kind: 'allow' } : { kind: 'redirect', to: 'login' };
  if (route.name === 'login') return { kind: 'redirect', to: 'home' };
  if (!user) return { kind: 'loadUser' };
  if (user.mustChangePassword && !PUBLIC_ROUTES.has(route.name)) return { kind: 'setPassword' };
  if (
    route.meta?.noAuth ||
    PUBLIC_ROUTES.has(route.name) ||
    user.userName === 'admin' ||
    user.permissions.has(route.name.toLowerCase())
  ) {
    return { kind: 'allow' };
  }
  return { kind: 'redirect', to: 'notFound' };
}

export const PRODUCT_TITLE = '工厂MES与售后服务平台';

/**
 * The title of the page at hand: an add page opened on a document (`?id=`, the order forms) edits
 * it, so 新增采购订单 reads 编辑采购订单 there.
 */
export function shownTitle(routeTitle: string, search: string): string {
  return routeTitle.startsWith('新增') && new URLSearchParams(search).has('id')
    ? `编辑${routeTitle.slice(2)}`
    : routeTitle;
}

/** Page title: route title + product title, or the route title alone when local flag HL is 1. */
export function pageTitle(routeTitle: string | undefined, hl: string | null | undefined): string {
  if (!routeTitle) return PRODUCT_TITLE;
  return hl === '1' ? routeTitle : `${routeTitle} - ${PRODUCT_TITLE}`;
}
