import type { Pages } from '../../platform/pages.ts';

export const pages: Pages = {
  equipmentClass: () => import('./EquipmentClassTree.tsx'),
  accountList: () => import('./AccountList.tsx'),
  accountDetail: () => import('./AccountDetail.tsx'),
};

// The personal equipment list (selfCenter's 我的设备) shows equipment as the ledger does.
export { EQUIPMENT, type Equipment, myEquipment, useShowMineOnly } from './myEquipment.ts';
