import type { ModuleFace } from '../../platform/module.ts';
import { accounts } from './accounts.ts';
import { seedBasicConfig } from './basicConfigService.ts';
import { codeRule } from './codeRuleRoutes.ts';
import { customFieldRoutes } from './customFieldRoutes.ts';
import { frequency } from './frequencyRoutes.ts';
import { organization, organizationRoutes, userGroup } from './organizationRoutes.ts';
import { roleRoutes } from './roleRoutes.ts';
import { settingRoutes } from './routes.ts';
import { selfRoutes } from './selfRoutes.ts';
import { userRoutes } from './userRoutes.ts';

/** System settings: users, roles, organisation, user groups, shifts, numbering, fields, basic config. */
export const setting: ModuleFace = {
  name: 'setting',
  routes: [
    ...settingRoutes,
    ...userRoutes,
    ...roleRoutes,
    ...organizationRoutes,
    ...codeRule.routes,
    ...customFieldRoutes,
    ...frequency.routes,
    ...selfRoutes,
  ],
  seedTenant: seedBasicConfig,
  provides: { accounts },
};

export {
  frequencies,
  organizations,
  roles,
  userGroupMembers,
  userGroups,
  userRoles,
  users,
} from './schema.ts';
export { userColumns } from './userQueries.ts';
export { addUser, createRole, createUser } from './userService.ts';
export { accounts, codeRule, frequency, organization, userGroup };
