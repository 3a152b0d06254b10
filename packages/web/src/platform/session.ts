import type { UserInfo } from '@factory/shared/api/auth';
import type { Static } from 'typebox';
import { create } from 'zustand';

export type SessionUser = Static<typeof UserInfo>;

/**
 * The signed-in session. Token, member code and the lock flag live in session storage (spec 000
 * §1, §4), so a reload keeps them and closing the tab forgets them; user info is fetched again.
 */
interface SessionState {
  token?: string;
  memberCode?: string;
  user?: SessionUser;
  locked: boolean;
  signIn(token: string, user: SessionUser, memberCode: string): void;
  setUser(user: SessionUser): void;
  setMemberCode(memberCode: string): void;
  lock(): void;
  unlock(): void;
  /** Logout, expiry: forget everything but the member code the user typed. */
  clear(): void;
}

const KEYS = { token: 'token', memberCode: 'memberCode', lock: 'lock' } as const;
const storage = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
const read = (k: string) => storage()?.getItem(k) ?? undefined;
const write = (k: string, v: string | undefined) =>
  v === undefined ? storage()?.removeItem(k) : storage()?.setItem(k, v);

export const useSession = create<SessionState>((set) => ({
  token: read(KEYS.token),
  memberCode: read(KEYS.memberCode),
  locked: read(KEYS.lock) === 'true',
  signIn(token, user, memberCode) {
    write(KEYS.token, token);
    write(KEYS.memberCode, memberCode);
    set({ token, user, memberCode });
  },
  setUser(user) {
    set({ user });
  },
  setMemberCode(memberCode) {
    write(KEYS.memberCode, memberCode);
    set({ memberCode });
  },
  lock() {
    write(KEYS.lock, 'true');
    set({ locked: true });
  },
  unlock() {
    write(KEYS.lock, undefined);
    set({ locked: false });
  },
  clear() {
    const memberCode = read(KEYS.memberCode);
    storage()?.clear();
    if (memberCode) write(KEYS.memberCode, memberCode);
    set({ token: undefined, user: undefined, locked: false });
  },
}));

/** Outside React (the request client) reads the store directly. */
export const session = () => useSession.getState();

/** Permission set of the signed-in user, lower-cased as the shared rules expect. */
export function permissionSet(user: SessionUser | undefined): Set<string> {
  return new Set((user?.permissions ?? []).map((c) => c.toLowerCase()));
}
