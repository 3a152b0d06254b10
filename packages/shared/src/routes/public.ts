import type { RouteNode } from '../routeTypes.ts';
import type { MetaExtra } from './build.ts';

/** Kanban pages show live factory data on wall screens: never cached, no slogan footer. */
const BOARD_META: MetaExtra = { noCache: true, nb: true };

/** Reachable without a token: outside the main shell. */
export const publicRoutes: RouteNode[] = [
  { name: 'login', path: '/login', meta: { title: '登录', nb: true } },
  { name: 'notFound', path: '/404', meta: { title: '页面不存在', nb: true } },
  { name: 'uploadVideo', path: '/uploadVideo', meta: { title: '上传视频' } },
  {
    name: 'tenant',
    path: '/tenant',
    meta: { title: '租户列表', buttons: ['Add', 'Modify', 'Enable', 'Disable'] },
  },
  { name: 'tenantDetail', path: '/tenantDetail', meta: { title: '租户详情' } },
  {
    // No redirect: both children need an id, there is no default board.
    name: 'dashboard',
    path: '/dashboard',
    meta: { title: '数据看板', ...BOARD_META },
    children: [
      { name: 'dashboardBoard', path: 'board/:id', meta: { title: '看板', ...BOARD_META } },
      { name: 'dashboardBoardGroup', path: 'board-group/:id', meta: { title: '看板组轮播', ...BOARD_META } },
    ],
  },
  { name: 'authDashboard', path: '/auth-dashboard/:name/:id', meta: { title: '授权看板', ...BOARD_META } },
  { name: 'boardDetail', path: '/board-detail/:id', meta: { title: '看板详情', ...BOARD_META } },
  {
    name: 'reHome',
    path: '/reHome/:memberCode/:login',
    meta: { title: '免登录进入', noCache: true, nb: true },
  },
  {
    name: 'reConsole',
    path: '/reConsole/:memberCode',
    meta: { title: '控制台跳转', noCache: true, nb: true },
  },
];
