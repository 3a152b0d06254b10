import { hasPermission } from '@factory/shared/permissions';
import { useCallback, useMemo } from 'react';
import { permissionSet, useSession } from './session.ts';

export type Can = (routeName: string, action?: string) => boolean;

/**
 * Button permission check of spec 001 §6 for the signed-in user: `can('tenant', 'Add')` is true
 * when the user holds `tenantAdd` (case-insensitive) or is the admin; no action means allowed.
 */
export function usePermission(): Can {
  const user = useSession((s) => s.user);
  const subject = useMemo(
    () => ({ userName: user?.userName ?? '', permissions: permissionSet(user) }),
    [user],
  );
  return useCallback((routeName, action) => hasPermission(subject, routeName, action), [subject]);
}
