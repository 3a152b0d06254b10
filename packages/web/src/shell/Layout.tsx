import { findRoute, mainRoutes, routePath, walkRoutes } from '@factory/shared/routes';
import { Suspense, useEffect, useMemo } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { menuEntries, topEntryOf } from '../platform/menu.ts';
import { useHasPage } from '../platform/pages.ts';
import { permissionSet, useSession } from '../platform/session.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { Header } from './Header.tsx';
import s from './Layout.module.css';
import { LockScreen } from './LockScreen.tsx';
import { PageLoading } from './PageLoading.tsx';
import { homePath, type RouteHandle } from './routing.ts';
import { SideMenu } from './SideMenu.tsx';
import { TagBar } from './TagBar.tsx';
import { TutorialTip } from './TutorialTip.tsx';
import { useShellStore } from './useShellStore.ts';

export const SLOGAN = '智造未来 · 数据驱动每一道工序';

/** Main-shell route names by absolute path, to resolve `meta.activeMenu`. */
const nameByPath = new Map<string, string>();
walkRoutes(mainRoutes, (node) => {
  nameByPath.set(routePath(node.name), node.name);
});

/**
 * The main shell of spec 000 §2: header, two-level side menu, tag bar, breadcrumb, the page, the
 * slogan footer, the tutorial tip and the lock-screen overlay.
 */
export default function Layout() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.name)?.handle as
    | RouteHandle
    | undefined;
  const location = useLocation();
  const user = useSession((st) => st.user);
  const hasPage = useHasPage();
  const entries = useMemo(
    () => menuEntries({ isAdmin: user?.userName === 'admin', permissions: permissionSet(user) }, hasPage),
    [user, hasPage],
  );
  const home = useMemo(() => homePath(user, hasPage), [user, hasPage]);

  // A hidden page (detail, add form) highlights the list page it belongs to.
  const listName = handle?.meta.activeMenu ? nameByPath.get(handle.meta.activeMenu) : undefined;
  const menuName = listName ?? handle?.name;
  const activeTag = handle?.meta.hidden ? listName : handle?.name;

  const setViewport = useShellStore((st) => st.setViewport);
  useEffect(() => {
    const onResize = () => setViewport(window.innerWidth, window.innerHeight);
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [setViewport]);

  const fullPath = location.pathname + location.search;
  useEffect(() => {
    if (!handle) return;
    const shell = useShellStore.getState();
    const top = menuName ? topEntryOf(entries, menuName) : undefined;
    if (top) shell.setCurrentMain(top.name, top.children.length > 0);
    if (shell.device === 'mobile') shell.setOpened(false);
    // Hidden routes (`refresh` among them) get no tag; group routes only redirect to a page.
    if (!handle.meta.hidden && hasPage(handle.name)) {
      shell.visit({ name: handle.name, title: handle.meta.title, path: fullPath });
    }
  }, [handle, menuName, entries, fullPath, hasPage]);

  const listPage = listName
    ? { title: findRoute(listName)?.meta.title ?? '', path: routePath(listName) }
    : undefined;

  // Market pages (spec 000 §2: "sidebar hidden") open in their own tab with their own header.
  if (handle?.meta.market) {
    return (
      <>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
        <LockScreen />
      </>
    );
  }

  return (
    <div className={s.shell}>
      <Header />
      <div className={s.body}>
        <SideMenu entries={entries} activeName={menuName} />
        <div className={s.main}>
          <TagBar activeTag={activeTag} homePath={home} />
          <main className={s.content}>
            {handle && handle.name !== 'refresh' && (
              <Breadcrumbs name={handle.name} meta={handle.meta} listPage={listPage} homePath={home} />
            )}
            <div className={s.page}>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </div>
            {!handle?.meta.nb && <footer className={s.slogan}>{SLOGAN}</footer>}
          </main>
        </div>
      </div>
      <TutorialTip />
      <LockScreen />
    </div>
  );
}
