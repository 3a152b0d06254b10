import { userApi } from '@factory/shared/api/user';
import { userEntity } from '@factory/shared/entities/user';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { audit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db.ts';
import { forbidden, invalid, notFound } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events/bus.ts';
import type { RowProblem, ValidRow } from '../../platform/excel/check.ts';
import { exportColumns, exportQuery, pageRows, sendXlsx, streamXlsx } from '../../platform/excel/export.ts';
import {
  errorWorkbook,
  insertRows,
  receiveImportFile,
  runImport,
  tableLookups,
} from '../../platform/excel/import.ts';
import { templateWorkbook } from '../../platform/excel/template.ts';
import { insertRowsReturning } from '../../platform/excel/write.ts';
import { defaultOrderOf, selectPage } from '../../platform/list.ts';
import { checkPasswordRule, decryptPassword, hashPassword } from '../../platform/password.ts';
import { handle } from '../../platform/route.ts';
import { organizations, roles, userGroupMembers, userGroups, userRoles, users } from './schema.ts';
import { listUsers, userColumns, userListFields } from './userQueries.ts';
import {
  addUser,
  deleteUser,
  newUserName,
  resetPassword,
  setUserEnabled,
  type UserChanges,
  updateUser,
} from './userService.ts';

async function userDetail(tx: Parameters<typeof listUsers>[0], id: number) {
  const [row] = await tx.select(userColumns).from(users).where(eq(users.id, id));
  if (!row) throw notFound('用户');
  return row;
}

/** updateFields stores the JSON of { pageKey: [{key, checked, index, width?}] } (spec 000 §3). */
function parseFields(text: string): Record<string, unknown[]> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('列设置格式不正确', [{ field: 'fields', message: '列设置应为有效的JSON' }]);
  }
  const ok =
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.entries(value).length <= 300 &&
    Object.entries(value).every(
      ([page, cols]) =>
        page.length <= 100 &&
        Array.isArray(cols) &&
        cols.length <= 200 &&
        cols.every(
          (c) =>
            c &&
            typeof c.key === 'string' &&
            c.key.length <= 64 &&
            typeof c.checked === 'boolean' &&
            Number.isInteger(c.index) &&
            (c.width === undefined || (Number.isInteger(c.width) && c.width >= 20 && c.width <= 2000)),
        ),
    );
  if (!ok) throw invalid('列设置格式不正确', [{ field: 'fields', message: '列设置格式不正确' }]);
  return value as Record<string, unknown[]>;
}

/** How many of an import's users its notification names. */
const IMPORT_NAMES = 5;

/**
 * The 用户组 cell of imported rows: group names separated by 、 (or commas), each an enabled group of
 * the tenant; their ids go into the row for the write, an unknown name is the row's problem.
 */
async function groupsOfRows(tx: Tx, rows: readonly ValidRow[]): Promise<RowProblem[]> {
  const namesOf = (row: ValidRow) =>
    String(row.data.groupNames ?? '')
      .split(/[、,，]/)
      .map((n) => n.trim())
      .filter(Boolean);
  const all = [...new Set(rows.flatMap(namesOf))];
  const found = all.length
    ? await tx
        .select({ id: userGroups.id, name: userGroups.name })
        .from(userGroups)
        .where(and(inArray(userGroups.name, all), eq(userGroups.enabled, true)))
    : [];
  const idOf = new Map(found.map((g) => [g.name, g.id]));
  const problems: RowProblem[] = [];
  for (const row of rows) {
    const names = namesOf(row);
    const missing = names.filter((n) => !idOf.has(n));
    if (missing.length)
      problems.push({
        rowNumber: row.rowNumber,
        key: 'groupNames',
        message: `用户组“${missing.join('、')}”不存在或已停用`,
      });
    else row.data.groupIds = [...new Set(names.map((n) => idOf.get(n) as number))];
  }
  return problems;
}

export const userRoutes = [
  handle(userApi.listPage, {
    handler: ({ tx, query }) => listUsers(tx, query),
  }),
  handle(userApi.select, {
    handler: ({ tx, query }) =>
      selectPage(
        ({ total }) =>
          tx.select({ id: users.id, name: users.name, userName: users.userName, __total: total }).from(users),
        userListFields,
        query,
        { where: eq(users.enabled, true), order: [asc(users.name), asc(users.id)] },
      ),
  }),
  handle(userApi.newUserName, {
    handler: ({ tx, query }) => newUserName(tx, query.prefix ?? 'user'),
  }),
  handle(userApi.detail, {
    handler: ({ tx, query }) => userDetail(tx, query.id),
  }),
  handle(userApi.add, {
    handler: async (ctx) => {
      const { tx, session, body } = ctx;
      const b = body as unknown as { password: string; isEnabled?: 0 | 1 } & Record<string, string>;
      const password = await decryptPassword('password', b.password);
      checkPasswordRule('password', password);
      const id = await addUser(tx, session.userId, {
        userName: b.userName,
        name: b.name,
        jobNumber: b.jobNumber,
        phone: b.phone,
        email: b.email,
        avatar: (body as { avatar?: string | null }).avatar,
        password,
        roleIds: (body as { roleIds?: number[] }).roleIds,
        groupIds: (body as { groupIds?: number[] }).groupIds,
        organizationId: (body as { organizationId?: number | null }).organizationId,
        enabled: b.isEnabled === undefined ? true : b.isEnabled === 1,
        // the administrator chose the password: the user replaces it at the first login
        mustChangePassword: true,
      });
      await emitEvent(ctx, 'user.created', { userId: id, userName: b.userName, name: b.name });
      return userDetail(tx, id);
    },
  }),
  handle(userApi.update, {
    handler: async ({ tx, session, body }) => {
      const { id, ...changes } = body as unknown as { id: number } & UserChanges;
      if (!(await updateUser(tx, session.userId, id, changes))) throw notFound('用户');
      return userDetail(tx, id);
    },
  }),
  handle(userApi.remove, {
    handler: async ({ tx, session, query }) => {
      await deleteUser(tx, session.userId, query.id);
      return true;
    },
  }),
  handle(userApi.enable, {
    handler: async ({ tx, session, query }) => {
      if (!(await setUserEnabled(tx, session.userId, query.id, true))) throw notFound('用户');
      return true;
    },
  }),
  handle(userApi.disable, {
    handler: async ({ tx, session, query }) => {
      if (query.id === session.userId) throw invalid('不能停用当前登录的账号');
      if (!(await setUserEnabled(tx, session.userId, query.id, false))) throw notFound('用户');
      return true;
    },
  }),
  handle(userApi.resetPassword, {
    handler: async (ctx) => {
      const { tx, session, query, body } = ctx;
      if (body.id !== query.id) throw invalid('编号不一致');
      const password = await resetPassword(tx, session.userId, query.id);
      const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, query.id));
      await emitEvent(ctx, 'user.passwordReset', { userId: query.id, name: user?.name ?? '' });
      return { password };
    },
  }),
  handle(userApi.updateOwn, {
    handler: async ({ tx, session, body }) => {
      await updateUser(tx, session.userId, session.userId, body as unknown as UserChanges);
      return userDetail(tx, session.userId);
    },
  }),
  handle(userApi.updateFields, {
    handler: async ({ tx, session, body }) => {
      if (body.id !== session.userId) throw forbidden('只能保存自己的列设置');
      await tx
        .update(users)
        .set({ fields: parseFields(body.fields) as never })
        .where(eq(users.id, session.userId));
      return true;
    },
  }),
  handle(userApi.export, {
    handler: async ({ tx, query, reply }) => {
      const { where, orderBy } = await exportQuery(userListFields, query, {
        defaultOrder: [...defaultOrderOf(userEntity, userListFields), asc(users.id)],
      });
      await streamXlsx(reply, {
        fileName: '用户列表',
        sheetName: '用户',
        columns: exportColumns(userEntity, query.columns),
        rows: pageRows((limit, offset) =>
          tx
            .select({ ...userColumns, createdAt: users.createdAt })
            .from(users)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        ),
      });
    },
  }),
  handle(userApi.importTemplate, {
    handler: async ({ reply }) => sendXlsx(reply, '用户导入模板', await templateWorkbook(userEntity)),
  }),
  handle(userApi.importErrors, {
    handler: async ({ body, reply }) =>
      sendXlsx(reply, '用户导入错误清单', await errorWorkbook(body, userEntity)),
  }),
  handle(userApi.import, {
    handler: async (ctx) => {
      const { tx, session, req, query } = ctx;
      const file = await receiveImportFile(req);
      // every imported user starts with the password the administrator gives in the wizard; it is
      // hashed (on the thread pool) while the rows are checked again, and awaited only to write
      let hashing: Promise<string> = Promise.resolve('');
      if (query.mode === 'write') {
        if (!file.fields.password)
          throw invalid('请输入导入用户的初始密码', [{ field: 'password', message: '请输入初始密码' }]);
        const password = await decryptPassword('password', file.fields.password, '初始密码');
        checkPasswordRule('password', password);
        hashing = hashPassword(password);
        // a file refused by the check never awaits it: its failure must not go unhandled
        hashing.catch(() => {});
      }
      return runImport({
        mode: query.mode,
        file: file.buffer,
        decl: userEntity,
        startRow: query.startRow,
        tx,
        hooks: {
          ...tableLookups(tx, {
            refs: {
              roleNames: { id: roles.id, name: roles.name, where: eq(roles.enabled, true) },
              organizationName: { id: organizations.id, name: organizations.name },
            },
            unique: { userName: users.userName, jobNumber: users.jobNumber, phone: users.phone },
          }),
          checkRows: (rows) => groupsOfRows(tx, rows),
        },
        write: async (tx, rows) => {
          const passwordHash = await hashing;
          // users in and their ids back in one statement, then every role link in one more: two
          // array-parameter statements whatever the row count
          const inserted = await insertRowsReturning(
            tx,
            users,
            rows.map(({ data }) => ({
              userName: data.userName,
              name: data.name,
              jobNumber: data.jobNumber ?? null,
              phone: data.phone ?? null,
              email: data.email ?? null,
              organizationId: data.organizationName == null ? null : Number(data.organizationName),
              passwordHash,
              // the import's starting password is the administrator's: replaced at the first login
              mustChangePassword: true,
              enabled: data.isEnabled === undefined || data.isEnabled === null ? true : data.isEnabled === 1,
            })),
            { id: users.id, userName: users.userName },
          );
          const count = inserted.length;
          const idOf = new Map(inserted.map((u) => [u.userName, u.id]));
          await insertRows(
            tx,
            userRoles,
            rows
              .filter(({ data }) => data.roleNames != null)
              .map(({ data }) => ({
                userId: idOf.get(String(data.userName)) as number,
                roleId: Number(data.roleNames),
              })),
          );
          await insertRows(
            tx,
            userGroupMembers,
            rows.flatMap(({ data }) =>
              ((data.groupIds as number[] | undefined) ?? []).map((groupId) => ({
                groupId,
                userId: idOf.get(String(data.userName)) as number,
              })),
            ),
          );
          await audit(tx, session.userId, 'user', null, 'import', { count });
          if (count)
            await emitEvent(ctx, 'user.imported', {
              count,
              names: rows.slice(0, IMPORT_NAMES).map(({ data }) => `${data.name}（${data.userName}）`),
            });
          return count;
        },
      });
    },
  }),
];
