import { authApi } from '@factory/shared/api/auth';
import { mainRoutes, publicRoutes, routePath, walkRoutes } from '@factory/shared/routes';
import type { RouteNode } from '@factory/shared/routeTypes';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect, useRef } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useMatches,
  useNavigate,
} from 'react-router';
import { call } from '../platform/call.ts';
import { decide, pageTitle, shownTitle } from '../platform/guard.ts';
import { type PageLoader, type Pages, useHasPage } from '../platform/pages.ts';
import { abortPending, installEffects } from '../platform/request.ts';
import { permissionSet, type SessionUser, useSession } from '../platform/session.ts';
import { PageLoading } from './PageLoading.tsx';
import { homePath, type RouteHandle } from './routing.ts';

const CHUNK_RELOADED = 'chunkReloaded';

/** A page chunk that fails to load reloads the whole page once (a new deployment replaced it). */
function loadOnce(loader: PageLoader): Promise<{ default: ComponentType }> {
  return loader().then(
    (mod) => {
      sessionStorage.removeItem(CHUNK_RELOADED);
      return mod;
    },
    (err: unknown) => {
      if (!sessionStorage.getItem(CHUNK_RELOADED)) {
        sessionStorage.setItem(CHUNK_RELOADED, '1');
        window.location.reload();
        return new Promise<never>(() => {});
      }
      const error = err instanceof Error ? err : new Error(String(err));
      error.name = 'ChunkLoadError';
      throw error;
    },
  );
}

const components = new Map<PageLoader, ComponentType>();
function Page({ loader }: { loader: PageLoader }) {
  let C = components.get(loader);
  if (!C) {
    C = lazy(() => loadOnce(loader));
    components.set(loader, C);
  }
  return <C />;
}

const loadLayout = () => import('./Layout.tsx');
const Layout = lazy(() => loadOnce(loadLayout));
// shown only to a signed-in user: /login does not load it (its size is budgeted)
const FirstPassword = lazy(() => loadOnce(() => import('./FirstPassword.tsx')));

/**
 * The page opened by its address starts its first request (its `prefetch`) as soon as the user is
 * read, when the user may see it; answers whether it did.
 */
export function prefetchOpened(
  pages: Pages,
  { handle, token }: { handle?: RouteHandle; token?: string },
  user: SessionUser,
  client: QueryClient,
): boolean {
  if (!handle || !Object.hasOwn(pages, handle.name)) return false;
  const may = decide({
    route: handle,
    token,
    user: { userName: user.userName, permissions: permissionSet(user) },
  });
  if (may.kind !== 'allow') return false;
  pages[handle.name]()
    .then((page) => page.prefetch?.(client))
    .catch(() => undefined);
  return true;
}

/**
 * Runs the guard for the deepest matched route, sets the title, aborts requests on navigation.
 * Once the session's user is read at boot, the page opened (when the user may see it) starts its
 * first request at once, beside the rendering of the shell and the page that would otherwise come
 * before it.
 */
function RootGuard({ pages }: { pages: Pages }) {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.name)?.handle as
    | RouteHandle
    | undefined;
  const { token, user, setUser, clear } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const hasPage = useHasPage();
  const queryClient = useQueryClient();
  // the page opened when the user's answer arrives (read then: a change must not ask again)
  const opened = useRef({ handle, token });
  opened.current = { handle, token };

  useEffect(() => {
    installEffects({ toLogin: () => navigate('/login') });
  }, [navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is a navigation
  useEffect(() => () => abortPending(), [location.pathname]);

  useEffect(() => {
    const title = handle?.meta.title && shownTitle(handle.meta.title, location.search);
    document.title = pageTitle(title, localStorage.getItem('HL'));
  }, [handle, location.search]);

  const decision = handle
    ? decide({
        route: handle,
        token,
        user: user && {
          userName: user.userName,
          permissions: permissionSet(user),
          mustChangePassword: user.mustChangePassword,
        },
      })
    : ({ kind: 'allow' } as const);

  useEffect(() => {
    if (decision.kind !== 'loadUser') return;
    let live = true;
    call(authApi.loginInfo, { keep: true })
      .then((u) => {
        if (!live) return;
        prefetchOpened(pages, opened.current, u, queryClient);
        setUser(u);
      })
      .catch(() => {
        // the client has shown why; the spec's guard then resets the token and goes to login
        if (!live) return;
        clear();
        navigate('/login');
      });
    return () => {
      live = false;
    };
  }, [decision.kind, setUser, clear, navigate, pages, queryClient]);

  if (decision.kind === 'loadUser') return <PageLoading />;
  if (decision.kind === 'setPassword') {
    return (
      <Suspense fallback={<PageLoading />}>
        <FirstPassword />
      </Suspense>
    );
  }
  if (decision.kind === 'redirect') {
    const to = decision.to === 'login' ? '/login' : decision.to === 'home' ? homePath(user, hasPage) : '/404';
    return <Navigate to={to} replace />;
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

function routeObjects(nodes: readonly RouteNode[], pages: Pages): RouteObject[] {
  const out: RouteObject[] = [];
  walkRoutes(nodes, (node) => {
    const path = routePath(node.name);
    const handle: RouteHandle = { name: node.name, meta: node.meta };
    if (Object.hasOwn(pages, node.name)) {
      out.push({ path, element: <Page loader={pages[node.name]} />, handle });
    } else if (node.children?.length) {
      // a group opens its first child that has a page
      let target: string | undefined;
      walkRoutes(node.children, (c) => {
        if (!target && Object.hasOwn(pages, c.name)) target = routePath(c.name);
        return !target;
      });
      if (target) out.push({ path, element: <Navigate to={target} replace />, handle });
    }
  });
  return out;
}

/** The app's routes: the tree's routes that have a page in `pages`, under the guard and the layout. */
export function buildRoutes(pages: Pages): RouteObject[] {
  return [
    {
      element: <RootGuard pages={pages} />,
      children: [
        ...routeObjects(publicRoutes, pages),
        {
          path: '/',
          element: (
            <Suspense fallback={<PageLoading />}>
              <Layout />
            </Suspense>
          ),
          children: [
            { index: true, element: <Navigate to="/home" replace /> },
            ...routeObjects(mainRoutes, pages),
          ],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

/**
 * The chunks a signed-in page opened by its address needs (the shell's layout, the page's own)
 * start loading at boot, beside the session's own request, instead of one after the other once
 * the guard has let the page render. The public pages (/login) load nothing more: their size is
 * budgeted.
 */
export function preloadChunks(
  routes: RouteObject[],
  pages: Pages,
  location: { pathname: string },
): PageLoader[] {
  const matched = matchRoutes(routes, location) ?? [];
  if (!matched.some((m) => m.route.path === '/')) return [];
  const loaders = [
    loadLayout,
    ...matched.flatMap((m) => {
      const name = (m.route.handle as RouteHandle | undefined)?.name;
      return name && Object.hasOwn(pages, name) ? [pages[name]] : [];
    }),
  ];
  // a failure here is the lazy load's to report, when the page asks for the same chunk
  for (const load of loaders) load().catch(() => undefined);
  return loaders;
}

export function createRouter(pages: Pages) {
  const routes = buildRoutes(pages);
  preloadChunks(routes, pages, window.location);
  return createBrowserRouter(routes);
}
