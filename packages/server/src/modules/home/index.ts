import type { ModuleFace } from '../../platform/module.ts';
import { homeRoutes } from './routes.ts';

/**
 * The workbench (工作台, route `home`): what waits for the signed-in user — counts of the lists
 * they may open, declared once in `todos.ts` — and the records they changed lately, from the audit
 * trail. It only reads: other modules' tables through their faces, and the platform's trail.
 */
export const home: ModuleFace = {
  name: 'home',
  routes: homeRoutes,
};

export { type TodoDecl, todos } from './todos.ts';
