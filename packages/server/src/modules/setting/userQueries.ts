import { userEntity } from '@factory/shared/entities/user';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import {
  defaultOrderOf,
  type ListPageQueryInput,
  listFieldsOf,
  listPage,
  lookedUp,
} from '../../platform/list.ts';
import { organizations, users } from './schema.ts';

// subqueries name the outer row explicitly: drizzle renders a column of a single-table select
// unqualified ("id"), which inside a join with roles would bind to roles.id
const outerId = sql.raw('"users"."id"');

/** The user list's columns as the API shows them; roles aggregated in the same query. */
export const userColumns = {
  id: users.id,
  userName: users.userName,
  name: users.name,
  jobNumber: users.jobNumber,
  phone: users.phone,
  email: users.email,
  avatar: users.avatar,
  isEnabled: sql<number>`(${users.enabled})::int`.mapWith(Number),
  roleIds: sql<
    number[]
  >`coalesce((select array_agg(ur.role_id order by ur.role_id) from user_roles ur where ur.user_id = ${outerId}), '{}')`,
  roleNames: sql<string>`coalesce((select string_agg(r.name, '、' order by r.id) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${outerId}), '')`,
  organizationId: users.organizationId,
  organizationName: lookedUp(users.organizationId, organizations.name),
  // ids and names in the same order, so a form can label its current values
  groupIds: sql<
    number[]
  >`coalesce((select array_agg(g.id order by g.name, g.id) from user_group_member m join user_group g on g.id = m.group_id where m.user_id = ${outerId}), '{}')`,
  groupNames: sql<string>`coalesce((select string_agg(g.name, '、' order by g.name, g.id) from user_group_member m join user_group g on g.id = m.group_id where m.user_id = ${outerId}), '')`,
  stationIds: sql<
    number[]
  >`coalesce((select array_agg(s.id order by s.code) from user_station us join station s on s.id = us.station_id where us.user_id = ${outerId}), '{}')`,
  stationNames: sql<string>`coalesce((select string_agg(s.name, '、' order by s.code) from user_station us join station s on s.id = us.station_id where us.user_id = ${outerId}), '')`,
  stationId: users.stationId,
  createdAt: sql<string>`to_char(${users.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`,
};

export const userListFields = listFieldsOf(userEntity, {
  id: users.id,
  userName: users.userName,
  name: users.name,
  jobNumber: users.jobNumber,
  phone: users.phone,
  email: users.email,
  isEnabled: sql`(${users.enabled})::int`,
  organizationName: userColumns.organizationName,
  groupNames: userColumns.groupNames,
  stationNames: userColumns.stationNames,
  createdAt: users.createdAt,
});

export type UserRowT = {
  [K in keyof typeof userColumns]: (typeof userColumns)[K] extends SQL<infer T> ? T : unknown;
} & {
  id: number;
  userName: string;
  name: string;
  jobNumber: string | null;
  phone: string | null;
  email: string | null;
  avatar: string | null;
};

export function listUsers(tx: Tx, query: ListPageQueryInput) {
  return listPage<UserRowT>(
    ({ total }) => tx.select({ ...userColumns, __total: total }).from(users),
    userListFields,
    query,
    { defaultOrder: defaultOrderOf(userEntity, userListFields) },
  );
}
