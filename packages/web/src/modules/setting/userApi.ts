import type { UserRow } from '@factory/shared/api/user';
import type { Static } from 'typebox';
import { downloadFile, exportQuery } from '../../platform/list/download.ts';
import type { ListContext } from '../../platform/list/types.ts';
import { api } from '../../platform/request.ts';

export type User = Static<typeof UserRow>;

/** Optional texts go as '' when cleared; the server stores them as empty. */
interface Profile {
  name: string;
  jobNumber: string;
  phone: string;
  email: string;
  /** The uploaded image's URL; null clears it. */
  avatar: string | null;
}

/** Body of addUser (shared UserAdd). */
export interface NewUser extends Profile {
  userName: string;
  /** Encrypted. */
  password: string;
  isEnabled: 0 | 1;
  roleIds?: number[];
  groupIds?: number[];
  organizationId?: number | null;
}

/** Body of updateOne (shared UserUpdate); roles stay as they are when not sent. */
export interface UserChanges extends Profile {
  id: number;
  roleIds?: number[];
  groupIds?: number[];
  organizationId?: number | null;
}

const BASE = 'authority/private/user/';

/** The user management calls (docs/api.md, authority/private/user/). */
export const userApi = {
  listUrl: `${BASE}getUserListPage`,
  /** A free user name with this prefix (user001 …); the server's 'user' when none. */
  newUserName: (prefix?: string) => api.get<string>(`${BASE}getNewUserName`, { prefix }),
  /** Add and copy; the password is already encrypted. */
  add: (body: NewUser) => api.post<User>(`${BASE}addUser`, body),
  update: (body: UserChanges) => api.put<User>(`${BASE}updateOne`, body),
  remove: (id: number) => api.del<boolean>(`${BASE}deleteOne`, { id }),
  enable: (id: number) => api.get<boolean>(`${BASE}enable`, { id }),
  disable: (id: number) => api.get<boolean>(`${BASE}disable`, { id }),
  /** A new temporary password, shown once. */
  resetPassword: (id: number) =>
    api.put<{ password: string }>(`${BASE}resetPassword`, { id }, { query: { id } }),
  /** The list as xlsx: its filters and order, the visible columns in their order. */
  exportList: async (ctx: ListContext<User>) =>
    downloadFile(`${BASE}export`, { query: await exportQuery(ctx) }, '用户列表.xlsx'),
  /** The import wizard's calls; the write also takes the encrypted initial password as `password`. */
  importPaths: {
    importPath: `${BASE}importUser`,
    templatePath: `${BASE}importTemplate`,
    errorsPath: `${BASE}importErrors`,
  },
};

/**
 * The prefix getNewUserName continues from a user name: its letters before the trailing digits
 * (zhijian01 → zhijian), or none when that is not a valid prefix.
 */
export function userNamePrefix(userName: string): string | undefined {
  const prefix = userName.replace(/\d+$/, '');
  return /^[A-Za-z][A-Za-z0-9_]{0,15}$/.test(prefix) ? prefix : undefined;
}
