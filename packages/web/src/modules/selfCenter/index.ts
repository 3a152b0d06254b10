import type { Pages } from '../../platform/pages.ts';

export const pages: Pages = {
  selfCenterUserInfo: () => import('./UserInfo.tsx'),
  modifyPassword: () => import('./ModifyPassword.tsx'),
  switchShift: () => import('./SwitchShift.tsx'),
  mineEquipment: () => import('./MineEquipment.tsx'),
};
