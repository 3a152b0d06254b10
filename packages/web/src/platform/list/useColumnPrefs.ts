import { userApi } from '@factory/shared/api/user';
import { useCallback, useMemo } from 'react';
import { call } from '../call.ts';
import { useSession } from '../session.ts';
import {
  type ColumnBase,
  type ColumnState,
  defaultColumns,
  mergeColumns,
  parseFields,
  toPrefs,
  withPagePrefs,
} from './columnPrefs.ts';

/**
 * A page's column preferences (spec 000 §3): read from the session user's `fields`, saved through
 * updateFields, and written back into the session so the page shows them at once; the server
 * returns them at the next login.
 */
export function useColumnPrefs(pageKey: string, bases: readonly ColumnBase[]) {
  const fields = useSession((s) => s.user?.fields);
  const columns = useMemo(() => mergeColumns(parseFields(fields)[pageKey], bases), [fields, pageKey, bases]);
  const defaults = useMemo(() => defaultColumns(bases), [bases]);

  const save = useCallback(
    async (next: ColumnState[]) => {
      const user = useSession.getState().user;
      if (!user) return;
      const text = withPagePrefs(user.fields, pageKey, toPrefs(next, bases));
      await call(userApi.updateFields, { id: user.id, fields: text });
      // the latest user, in case it changed while the call ran
      const now = useSession.getState().user;
      if (now) useSession.getState().setUser({ ...now, fields: text });
    },
    [pageKey, bases],
  );

  return { columns, defaults, save };
}
