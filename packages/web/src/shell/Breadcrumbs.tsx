import { HomeOutlined } from '@ant-design/icons';
import { routeParents } from '@factory/shared/routes';
import type { RouteMeta } from '@factory/shared/routeTypes';
import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';
import { shownTitle } from '../platform/guard.ts';
import s from './Layout.module.css';

interface BreadcrumbsProps {
  name: string;
  meta: RouteMeta;
  /** For a hidden page: the list page it belongs to, as a link back. */
  listPage?: { title: string; path: string };
  homePath: string;
}

/** The page's place in the route tree: module, group, (list page,) page. */
export function Breadcrumbs({ name, meta, listPage, homePath }: BreadcrumbsProps) {
  const { search } = useLocation();
  // The first parent is the shell itself (`layout`), which the home link stands for.
  const parents = (routeParents(name) ?? []).slice(1);
  const items = [
    {
      key: 'home',
      title: (
        <Link to={homePath} aria-label="首页">
          <HomeOutlined />
        </Link>
      ),
    },
    ...parents.map((p) => ({ key: p.name, title: p.meta.title })),
    ...(listPage ? [{ key: 'list', title: <Link to={listPage.path}>{listPage.title}</Link> }] : []),
    { key: 'current', title: <span className={s.crumbCurrent}>{shownTitle(meta.title, search)}</span> },
  ];
  return <Breadcrumb className={s.crumbs} items={items} />;
}
