import type { Pages } from '../../platform/pages.ts';

export const pages: Pages = {
  systemParams: () => import('./SystemParams.tsx'),
  baseSetting: () => import('./BaseSetting.tsx'),
  userList: () => import('./UserList.tsx'),
  organization: () => import('./OrganizationTree.tsx'),
  userGroup: () => import('./UserGroupList.tsx'),
  shift: () => import('./ShiftList.tsx'),
  roleList: () => import('./RoleList.tsx'),
  codeSetting: () => import('./CodeRuleList.tsx'),
  messageNotificateList: () => import('./MessageNotificateList.tsx'),
  messageNotificateAdd: () => import('./MessageNotificateAdd.tsx'),
  fieldSetting: () => import('./CustomFieldList.tsx'),
};
