import { findRoute, mainRoutes, routePath, walkRoutes } from '@factory/shared/routes';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageSources, pages } from './pages.ts';
import { buildRoutes } from './shell/router.tsx';

describe('page registry', () => {
  it('registers pages only for routes of the tree', () => {
    expect(Object.keys(pages).filter((name) => !findRoute(name))).toEqual([]);
  });

  it('takes each page from one module face only', () => {
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const [part, own] of Object.entries(pageSources)) {
      for (const name of Object.keys(own)) {
        if (owner.has(name)) twice.push(`${name}: ${owner.get(name)}, ${part}`);
        owner.set(name, part);
      }
    }
    expect(twice).toEqual([]);
    expect(Object.keys(pages).sort()).toEqual([...owner.keys()].sort());
  });

  it('gives the router a route for every page and none for a group without pages', () => {
    const paths = new Set<string>();
    const collect = (routes: RouteObject[]) => {
      for (const r of routes) {
        if (r.path) paths.add(r.path);
        if (r.children) collect(r.children);
      }
    };
    collect(buildRoutes(pages));
    for (const name of Object.keys(pages)) expect(paths, name).toContain(routePath(name));
    // a route with no page anywhere under it (a module not built yet) is no route at all
    walkRoutes(mainRoutes, (node) => {
      let built = false;
      walkRoutes([node], (n) => {
        built ||= Object.hasOwn(pages, n.name);
      });
      if (!built) expect(paths, node.name).not.toContain(routePath(node.name));
    });
  });
});
