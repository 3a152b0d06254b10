import { authApi } from '@factory/shared/api/auth';
import { mainRoutes, publicRoutes, routePath, walkRoutes } from '@factory/shared/routes';
import type { RouteNode } from '@factory/shared/routeTypes';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useMatches,
  useNavigate,
} from 'react-router';
import { call } from '../platform/call.ts';
import { decide, pageTitle } from '../platform/guard.ts';
import { type PageLoader, type Pages, useHasPage } from '../platform/pages.ts';
import { abortPending, installEffects } from '../platform/request.ts';
import { permissionSet, useSession } from '../platform/session.ts';
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

const Layout = lazy(() => loadOnce(() => import('./Layout.tsx')));

/** Runs the guard for the deepest matched route, sets the title, aborts requests on navigation. */
function RootGuard() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.name)?.handle as
    | RouteHandle
    | undefined;
  const { token, user, setUser, clear } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const hasPage = useHasPage();

  useEffect(() => {
    installEffects({ toLogin: () => navigate('/login') });
  }, [navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is a navigation
  useEffect(() => () => abortPending(), [location.pathname]);

  useEffect(() => {
    document.title = pageTitle(handle?.meta.title, localStorage.getItem('HL'));
  }, [handle]);

  const decision = handle
    ? decide({
        route: handle,
        token,
        user: user && { userName: user.userName, permissions: permissionSet(user) },
      })
    : ({ kind: 'allow' } as const);

  useEffect(() => {
    if (decision.kind !== 'loadUser') return;
    let live = true;
    call(authApi.loginInfo, { keep: true })
      .then((u) => live && setUser(u))
      .catch(() => {
        // the client has shown why; the spec's guard then resets the token and goes to login
        if (!live) return;
        clear();
        navigate('/login');
      });
    return () => {
      live = false;
    };
  }, [decision.kind, setUser, clear, navigate]);

  if (decision.kind === 'loadUser') return <PageLoading />;
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
      element: <RootGuard />,
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

export const createRouter = (pages: Pages) => createBrowserRouter(buildRoutes(pages));
