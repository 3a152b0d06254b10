import type { Tx } from './db.ts';

/** A user account as sign-in sees it. */
export interface Account {
  id: number;
  passwordHash: string;
  enabled: boolean;
}

/**
 * What the platform's sign-in and tenant creation need of the user accounts. The platform declares
 * it and the module that keeps the users (setting) fills it, so the platform imports no module.
 */
export interface UserAccounts {
  /** The account signing in by user name or phone, within the transaction's tenant. */
  find(tx: Tx, by: 'userName' | 'phone', value: string): Promise<Account | undefined>;
  byId(tx: Tx, userId: number): Promise<Account | undefined>;
  /** The user's own new password (no longer the one an administrator set). */
  setPasswordHash(tx: Tx, userId: number, passwordHash: string): Promise<void>;
  /** Display names of users by id (the audit trail's who); unknown ids are left out. */
  names(tx: Tx, ids: readonly number[]): Promise<Map<number, string>>;
  /** A new tenant's first user; answers its id. */
  createAdmin(tx: Tx, actorId: number | null, input: { name: string; password: string }): Promise<number>;
}

/** The ports modules fill, by name. */
export interface Ports {
  accounts: UserAccounts;
}

/** What a new tenant is created with; each module's seeder takes what it needs. */
export interface TenantSeed {
  memberCode: string;
  companyName: string;
  logo?: string | null;
  version?: string | null;
}
