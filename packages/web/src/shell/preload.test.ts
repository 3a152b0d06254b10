import { findRoute } from '@factory/shared/routes';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { PageLoader } from '../platform/pages.ts';
import type { SessionUser } from '../platform/session.ts';
import { buildRoutes, prefetchOpened, preloadChunks } from './router.tsx';
import type { RouteHandle } from './routing.ts';

const loader = () => vi.fn<PageLoader>(async () => ({ default: () => null }));

describe('preloadChunks', () => {
  it('starts the layout and the opened page loading at boot, not the other pages', () => {
    const pages = { planSchedules: loader(), orderList: loader(), login: loader() };
    const routes = buildRoutes(pages);
    const started = preloadChunks(routes, pages, { pathname: '/plans/plan-schedules' });
    expect(started).toHaveLength(2);
    expect(started).toContain(pages.planSchedules);
    expect(pages.planSchedules).toHaveBeenCalledOnce();
    expect(pages.orderList).not.toHaveBeenCalled();
    expect(pages.login).not.toHaveBeenCalled();
  });

  it('loads nothing more for the login page, whose size is budgeted, nor for an unknown address', () => {
    const pages = { planSchedules: loader(), login: loader() };
    const routes = buildRoutes(pages);
    expect(preloadChunks(routes, pages, { pathname: '/login' })).toEqual([]);
    expect(preloadChunks(routes, pages, { pathname: '/nowhere/at/all' })).toEqual([]);
    expect(pages.login).not.toHaveBeenCalled();
    expect(pages.planSchedules).not.toHaveBeenCalled();
  });
});

describe('prefetchOpened', () => {
  const route = findRoute('planSchedules');
  const handle = { name: 'planSchedules', meta: route?.meta } as RouteHandle;
  const user = (permissions: string[]) => ({ userName: 'jihua01', permissions }) as unknown as SessionUser;

  it('starts the opened page’s first request once the user is read, with the app’s query client', async () => {
    const prefetch = vi.fn();
    const pages = { planSchedules: vi.fn<PageLoader>(async () => ({ default: () => null, prefetch })) };
    const client = new QueryClient();
    expect(prefetchOpened(pages, { handle, token: 't' }, user(['planSchedules']), client)).toBe(true);
    await vi.waitFor(() => expect(prefetch).toHaveBeenCalledWith(client));
  });

  it('asks nothing for a user who may not see the page, nor for a page without a prefetch', async () => {
    const prefetch = vi.fn();
    const pages = { planSchedules: vi.fn<PageLoader>(async () => ({ default: () => null, prefetch })) };
    expect(prefetchOpened(pages, { handle, token: 't' }, user(['orderList']), new QueryClient())).toBe(false);
    expect(pages.planSchedules).not.toHaveBeenCalled();
    const plain = { planSchedules: vi.fn<PageLoader>(async () => ({ default: () => null })) };
    expect(prefetchOpened(plain, { handle, token: 't' }, user(['planSchedules']), new QueryClient())).toBe(
      true,
    );
    expect(prefetchOpened(plain, { token: 't' }, user(['planSchedules']), new QueryClient())).toBe(false);
  });
});
