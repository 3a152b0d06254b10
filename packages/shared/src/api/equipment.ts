import { Type } from 'typebox';
import { entityEndpoints } from '../entities/endpoints.ts';
import { equipmentEntity } from '../entities/equipment.ts';
import { endpoint } from './contract.ts';

/**
 * My equipment (spec 000 §7). The spec names the calls but not their prefix; they live beside the
 * register, under equipment/private/userEquipment/.
 */
const BASE = 'equipment/private/userEquipment/';

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

/** Register rows, as the register's own calls answer them (typed by the equipment declaration). */
const Rows = Type.Array(entityEndpoints(equipmentEntity).detail.result);

/** 设置设备 is a button of both the users screen and the role's users. */
const SET_EQUIPMENT = { keys: ['userListSetEquipment', 'roleListSetEquipment'] };

/** My equipment (spec 000 §7): one's own list and the 仅显示我的设备 switch, and any user's list for 设置设备. */
export const myEquipmentApi = {
  /** The caller's list, whole (a person looks after tens of machines, not thousands). */
  mine: endpoint({
    method: 'GET',
    path: `${BASE}getMyEquipmentList`,
    summary: '我的设备列表',
    access: { session: true },
    result: Rows,
  }),
  addMine: endpoint({
    method: 'PUT',
    path: `${BASE}updateMyEquipmentList`,
    summary: '添加设备到我的设备（已在列表中的保留；移除用 removeEquipmentFromMyList），返回新添加的台数',
    access: { session: true },
    body: EquipmentIdList,
    result: Type.Integer(),
  }),
  removeMine: endpoint({
    method: 'DELETE',
    path: `${BASE}removeEquipmentFromMyList`,
    summary: '从我的设备中移除一台设备',
    access: { session: true },
    query: EquipmentIdQuery,
    result: Type.Boolean(),
  }),
  showMineOnly: endpoint({
    method: 'GET',
    path: `${BASE}getShowMyEquipmentOnly`,
    summary: '是否仅显示我的设备',
    access: { session: true },
    result: Type.Boolean(),
  }),
  setShowMineOnly: endpoint({
    method: 'PUT',
    path: `${BASE}updateShowMyEquipmentOnly`,
    summary: '设置是否仅显示我的设备（设备台账只列出我的设备）',
    access: { session: true },
    query: ShowMineOnlyQuery,
    result: Type.Boolean(),
  }),
  /** A user's list, for 设置设备 on the users and roles screens. */
  byUser: endpoint({
    method: 'GET',
    path: `${BASE}getEquipmentListByUserId`,
    summary: '用户的设备列表',
    access: SET_EQUIPMENT,
    query: UserIdQuery,
    result: Rows,
  }),
  idsByUser: endpoint({
    method: 'GET',
    path: `${BASE}getEquipmentIdListByUserId`,
    summary: '用户的设备编号列表',
    access: SET_EQUIPMENT,
    query: UserIdQuery,
    result: Type.Array(Type.Integer()),
  }),
  /** Replaces a user's list with the body's ids. */
  setForUser: endpoint({
    method: 'PUT',
    path: `${BASE}updateEquipmentList`,
    summary: '设置用户的设备（以请求中的设备列表替换）',
    access: SET_EQUIPMENT,
    query: UserIdQuery,
    body: EquipmentIdList,
    result: Type.Boolean(),
  }),
  removeFromUser: endpoint({
    method: 'DELETE',
    path: `${BASE}removeEquipmentFromUser`,
    summary: '从用户的设备中移除一台设备',
    access: SET_EQUIPMENT,
    query: UserEquipmentQuery,
    result: Type.Boolean(),
  }),
};
