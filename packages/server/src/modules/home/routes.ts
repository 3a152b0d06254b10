import { homeApi } from '@factory/shared/api/home';
import { nowOf } from '../../platform/clock.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { myRecent } from './recent.ts';
import { myTodos } from './todos.ts';

export const homeRoutes: RouteDef[] = [
  handle(homeApi.workbench, {
    handler: async ({ tx, session }) => ({
      todos: await myTodos(tx, session, nowOf(tx)),
      recent: await myRecent(tx, session),
    }),
  }),
];
