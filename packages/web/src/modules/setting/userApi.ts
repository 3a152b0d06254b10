import { type UserRow, userApi } from '@factory/shared/api/user';
import type { Static } from 'typebox';
import { client } from '../../platform/call.ts';
import { downloadFile, exportQuery } from '../../platform/list/download.ts';
import type { ListContext } from '../../platform/list/types.ts';

export type User = Static<typeof UserRow>;

/** The user management calls (shared userApi), typed from their declarations. */
export const users = client(userApi);

/** The list as xlsx: its filters and order, the visible columns in their order. */
export const exportUsers = async (ctx: ListContext<User>) =>
  downloadFile(userApi.export.path, { query: await exportQuery(ctx) }, '用户列表.xlsx');

/** The import wizard's calls; the write also takes the encrypted initial password as `password`. */
export const userImportPaths = {
  importPath: userApi.import.path,
  templatePath: userApi.importTemplate.path,
  errorsPath: userApi.importErrors.path,
};

/**
 * The prefix getNewUserName continues from a user name: its letters before the trailing digits
 * (zhijian01 → zhijian), or none when that is not a valid prefix.
 */
export function userNamePrefix(userName: string): string | undefined {
  const prefix = userName.replace(/\d+$/, '');
  return /^[A-Za-z][A-Za-z0-9_]{0,15}$/.test(prefix) ? prefix : undefined;
}
