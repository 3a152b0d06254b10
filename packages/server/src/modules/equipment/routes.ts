import { myEquipmentApi } from '@factory/shared/api/equipment';
import { equipmentEntity } from '@factory/shared/entities/equipment';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit.ts';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { handle } from '../../platform/route.ts';
import { areas, equipmentClasses, stations } from '../information/index.ts';
import { users } from '../setting/index.ts';
import { runStateColumns } from './runStates.ts';
import { equipment, userEquipment } from './schema.ts';

/** Who keeps the equipment on their My equipment list, by name in the order they were made. */
const holderNames = sql<string | null>`(
  select string_agg(u.name, '、' order by u.id)
  from ${userEquipment} ue join ${users} u on u.id = ue.user_id
  where ue.equipment_id = ${qualified(equipment.id)})`;

/**
 * The caller's 仅显示我的设备: when on, only the equipment on their own list. The flag's look-up
 * does not depend on the row, so PostgreSQL runs it once per query.
 */
const mineWhenChosen = (userId: number) => sql`(
  not exists (select 1 from ${users} u where u.id = ${userId} and u.show_my_equipment_only)
  or exists (
    select 1 from ${userEquipment} ue
    where ue.user_id = ${userId} and ue.equipment_id = ${qualified(equipment.id)}))`;

/** The equipment register (设备台账): the declared calls, numbered codes, custom fields. */
export const equipmentCrud = crud({
  entity: equipmentEntity,
  table: equipment,
  refs: {
    className: { id: equipmentClasses.id, name: equipmentClasses.name, code: equipmentClasses.code },
    areaName: { id: areas.id, name: areas.name, code: areas.code },
    stationName: { id: stations.id, name: stations.name, code: stations.code },
  },
  columns: { holderNames, ...runStateColumns },
  // pickers (My equipment, later the equipment bills) offer only equipment in service
  selectWhere: eq(equipment.enabled, true),
  listWhere: (session) => mineWhenChosen(session.userId),
});

/** The given ids, each once, after checking each is equipment of this tenant (row-level security hides others'). */
async function existingEquipment(tx: Tx, ids: readonly number[], field: string): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await tx.select({ id: equipment.id }).from(equipment).where(inArray(equipment.id, unique));
  if (found.length !== unique.length) throw fieldError(field, '所选设备不存在或已被删除');
  return unique;
}

async function existingUser(tx: Tx, userId: number): Promise<void> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('用户');
}

/** A user's list as register rows, by code. */
export function equipmentOf(tx: Tx, userId: number) {
  return tx
    .select(equipmentCrud.rowColumns)
    .from(equipment)
    .where(
      inArray(
        equipment.id,
        tx
          .select({ id: userEquipment.equipmentId })
          .from(userEquipment)
          .where(eq(userEquipment.userId, userId)),
      ),
    )
    .orderBy(asc(equipment.code));
}

/** Adds equipment to a user's list; what is already on it stays. Answers how many were new. */
export async function addUserEquipment(
  tx: Tx,
  actorId: number,
  userId: number,
  equipmentIds: readonly number[],
): Promise<number> {
  const ids = await existingEquipment(tx, equipmentIds, 'equipmentIds');
  if (!ids.length) return 0;
  const added = await tx
    .insert(userEquipment)
    .values(ids.map((equipmentId) => ({ userId, equipmentId })))
    .onConflictDoNothing()
    .returning({ id: userEquipment.equipmentId });
  if (added.length)
    await audit(tx, actorId, 'user', userId, 'addEquipment', { equipmentIds: added.map((r) => r.id) });
  return added.length;
}

/** Replaces a user's list (设置设备 on the users and roles screens). */
export async function setUserEquipment(
  tx: Tx,
  actorId: number,
  userId: number,
  equipmentIds: readonly number[],
): Promise<void> {
  await existingUser(tx, userId);
  const ids = await existingEquipment(tx, equipmentIds, 'equipmentIds');
  await tx.delete(userEquipment).where(eq(userEquipment.userId, userId));
  if (ids.length) await tx.insert(userEquipment).values(ids.map((equipmentId) => ({ userId, equipmentId })));
  await audit(tx, actorId, 'user', userId, 'setEquipment', { equipmentIds: ids });
}

/** Takes one piece of equipment off a user's list; answers whether it was on it. */
async function removeUserEquipment(tx: Tx, actorId: number, userId: number, equipmentId: number) {
  await existingEquipment(tx, [equipmentId], 'equipmentId');
  const removed = await tx
    .delete(userEquipment)
    .where(and(eq(userEquipment.userId, userId), eq(userEquipment.equipmentId, equipmentId)))
    .returning({ id: userEquipment.equipmentId });
  if (removed.length) await audit(tx, actorId, 'user', userId, 'removeEquipment', { equipmentId });
  return removed.length > 0;
}

/** My equipment (spec 000 §7): one's own list and the 仅显示我的设备 switch, and any user's list for 设置设备. */
export const userEquipmentRoutes = [
  handle(myEquipmentApi.mine, {
    handler: ({ tx, session }) => equipmentOf(tx, session.userId),
  }),
  handle(myEquipmentApi.addMine, {
    handler: ({ tx, session, body }) => addUserEquipment(tx, session.userId, session.userId, body),
  }),
  handle(myEquipmentApi.removeMine, {
    handler: ({ tx, session, query }) =>
      removeUserEquipment(tx, session.userId, session.userId, query.equipmentId),
  }),
  handle(myEquipmentApi.showMineOnly, {
    handler: async ({ tx, session }) => {
      const [user] = await tx
        .select({ on: users.showMyEquipmentOnly })
        .from(users)
        .where(eq(users.id, session.userId));
      return user?.on ?? false;
    },
  }),
  handle(myEquipmentApi.setShowMineOnly, {
    handler: async ({ tx, session, query }) => {
      await tx
        .update(users)
        .set({ showMyEquipmentOnly: query.showMyEquipmentOnly })
        .where(eq(users.id, session.userId));
      return query.showMyEquipmentOnly;
    },
  }),
  handle(myEquipmentApi.byUser, {
    handler: async ({ tx, query }) => {
      await existingUser(tx, query.userId);
      return equipmentOf(tx, query.userId);
    },
  }),
  handle(myEquipmentApi.idsByUser, {
    handler: async ({ tx, query }) => {
      await existingUser(tx, query.userId);
      const rows = await tx
        .select({ id: userEquipment.equipmentId })
        .from(userEquipment)
        .where(eq(userEquipment.userId, query.userId))
        .orderBy(asc(userEquipment.equipmentId));
      return rows.map((r) => r.id);
    },
  }),
  handle(myEquipmentApi.setForUser, {
    handler: async ({ tx, session, query, body }) => {
      await setUserEquipment(tx, session.userId, query.userId, body);
      return true;
    },
  }),
  handle(myEquipmentApi.removeFromUser, {
    handler: async ({ tx, session, query }) => {
      await existingUser(tx, query.userId);
      return removeUserEquipment(tx, session.userId, query.userId, query.equipmentId);
    },
  }),
];

export const equipmentRoutes = [...equipmentCrud.routes, ...userEquipmentRoutes];
