import { Type } from 'typebox';

/**
 * My equipment (spec 000 §7). The spec names the calls but not their prefix; they live beside the
 * register, under equipment/private/userEquipment/.
 */
const BASE = 'equipment/private/userEquipment/';

export const myEquipmentPaths = {
  /** The caller's list, whole (a person looks after tens of machines, not thousands). */
  mine: `${BASE}getMyEquipmentList`,
  /** Adds to the caller's list; what is on it stays (removing is removeEquipmentFromMyList). */
  addMine: `${BASE}updateMyEquipmentList`,
  removeMine: `${BASE}removeEquipmentFromMyList`,
  showMineOnly: `${BASE}getShowMyEquipmentOnly`,
  setShowMineOnly: `${BASE}updateShowMyEquipmentOnly`,
  /** A user's list, for 设置设备 on the users and roles screens. */
  byUser: `${BASE}getEquipmentListByUserId`,
  idsByUser: `${BASE}getEquipmentIdListByUserId`,
  /** Replaces a user's list with the body's ids. */
  setForUser: `${BASE}updateEquipmentList`,
  removeFromUser: `${BASE}removeEquipmentFromUser`,
} as const;

/** How many pieces of equipment one list may hold. */
export const MY_EQUIPMENT_MAX = 1000;

export const EquipmentIdList = Type.Array(Type.Integer({ minimum: 1 }), {
  maxItems: MY_EQUIPMENT_MAX,
  title: '设备',
});

export const UserIdQuery = Type.Object(
  { userId: Type.Integer({ minimum: 1, title: '用户' }) },
  { additionalProperties: false },
);

export const EquipmentIdQuery = Type.Object(
  { equipmentId: Type.Integer({ minimum: 1, title: '设备' }) },
  { additionalProperties: false },
);

export const UserEquipmentQuery = Type.Object(
  {
    equipmentId: Type.Integer({ minimum: 1, title: '设备' }),
    userId: Type.Integer({ minimum: 1, title: '用户' }),
  },
  { additionalProperties: false },
);

export const ShowMineOnlyQuery = Type.Object(
  { showMyEquipmentOnly: Type.Boolean({ title: '仅显示我的设备' }) },
  { additionalProperties: false },
);
