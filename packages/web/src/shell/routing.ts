import { firstPermittedLeaf, landingRoute, mainRoutes, routePath, walkRoutes } from '@factory/shared/routes';
import type { RouteMeta } from '@factory/shared/routeTypes';
import { permissionSet, type SessionUser } from '../platform/session.ts';

// What pages and the layout share with the router, kept apart from it: the router lazily imports
// them, so their importing it back would close a circle.

/** The `handle` of every route object: which route of the tree it is. */
export interface RouteHandle {
  name: string;
  meta: RouteMeta;
}

/** Where "home" is for this user: spec 001 §6's landing route, else the first page they may open. */
export function homePath(user: SessionUser | undefined, hasPage: (name: string) => boolean): string {
  const perms = permissionSet(user);
  const roles = user?.userName === 'admin' ? mainRoutes.map((r) => r.name) : [...perms];
  const rolesSet = new Set(
    roles.flatMap((r) => [r, ...mainRoutes.filter((m) => m.name.toLowerCase() === r).map((m) => m.name)]),
  );
  const landing = landingRoute(rolesSet) ?? firstPermittedLeaf(new Set(allNamesPermitted(user)));
  return landing && hasPage(landing.name) ? routePath(landing.name) : '/home';
}

function allNamesPermitted(user: SessionUser | undefined): string[] {
  const perms = permissionSet(user);
  const out: string[] = [];
  walkRoutes(mainRoutes, (n) => {
    if (user?.userName === 'admin' || perms.has(n.name.toLowerCase())) out.push(n.name);
  });
  return out;
}
