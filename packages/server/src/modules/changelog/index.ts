import type { ModuleFace } from '../../platform/module.ts';
import { changelogRoutes } from './routes.ts';

/** The provider's product changelog, read by every signed-in user. */
export const changelog: ModuleFace = { name: 'changelog', routes: changelogRoutes };

export { addChangelogEntry } from './routes.ts';
