/**
 * The route tree of spec 000 §2 as data. The web router, the side menu, the tag bar, the guard, the
 * role editor and the server's permission table (`base_router`) are all derived from it, so names
 * here are a contract: they are route permissions and the prefix of every button permission key.
 *
 * Conventions (checked by routes.test.ts):
 * - `name` is unique, camelCase, the path segment(s) in camelCase; prefixed with the module where two
 *   would collide or a bare word would mean nothing on its own (`callSearch`, `warehouseModel`).
 *   `ApplyMarket` keeps the spec's spelling; permission keys are compared case-insensitively.
 * - Under the main shell: module → group → page, never deeper. Hidden add/detail pages are siblings
 *   of their list page and set `activeMenu` to the list's absolute path.
 * - Ids are plain `:id` params (react-router 7 has no regex params); the routes whose ids must be
 *   digits are listed in `numericIdRoutes` and checked with `paramsAreValid`.
 *
 * One file per module under `routes/` (`routes/build.ts` has the node builders and shared button
 * sets), assembled in menu order by `routes/tree.ts`; the queries on the tree are `routes/helpers.ts`.
 * This file is the one entry point: import from `@factory/shared/routes`, never from `routes/…`.
 */
export {
  allRouteNames,
  buttonKey,
  findRoute,
  firstPermittedLeaf,
  landingRoute,
  paramsAreValid,
  permissionKeys,
  publicRouteNames,
  type RouteVisitor,
  resolveRedirect,
  routeHref,
  routeParents,
  routePath,
  walkRoutes,
  webPermissionCodes,
} from './routes/helpers.ts';
export { publicRoutes } from './routes/public.ts';
export { DIGITS_ONLY, mainRoutes, numericIdRoutes, routeTree } from './routes/tree.ts';
