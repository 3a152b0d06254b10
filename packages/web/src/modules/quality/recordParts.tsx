import type { EntityDecl, FieldDecl } from '@factory/shared/entities/define';
import { hasAnyKey } from '@factory/shared/permissions';
import { Descriptions } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { Link } from 'react-router';
import { AppDrawer } from '../../platform/AppModal.tsx';
import { cellOf, EMPTY_CELL } from '../../platform/list/columns.tsx';
import { useHasPage } from '../../platform/pages.ts';
import { permissionSet, useSession } from '../../platform/session.ts';

/** Whether the signed-in user may open a page: it exists and the route is hers. */
export function useMayOpen() {
  const hasPage = useHasPage();
  const user = useSession((s) => s.user);
  return useCallback(
    (route: string) =>
      hasPage(route) &&
      hasAnyKey({ userName: user?.userName ?? '', permissions: permissionSet(user) }, [route]),
    [hasPage, user],
  );
}

/** A number of another record as a link to where it is shown, for those who may open that page. */
export function linkCell(
  mayOpen: (route: string) => boolean,
  text: unknown,
  to: { route: string; href: string } | undefined,
  onClick?: () => void,
): ReactNode {
  if (text === null || text === undefined || text === '') return EMPTY_CELL;
  return to && mayOpen(to.route) ? (
    <Link to={to.href} onClick={onClick}>
      {String(text)}
    </Link>
  ) : (
    String(text)
  );
}

/**
 * 详情 of a read-only record (the route has no page of its own): every declared field of the listed
 * row, drawn as its list cell, those in `cells` as the page draws them (links).
 */
export function RecordDrawer<T extends { id: number }>({
  entity,
  title,
  open,
  row,
  cells,
  onClose,
}: {
  entity: EntityDecl;
  title: string;
  open: boolean;
  /** Kept while the drawer closes, so its content does not vanish mid-animation. */
  row: T | undefined;
  cells: Partial<Record<string, (row: T) => ReactNode>>;
  onClose(): void;
}) {
  const byKey = (row ?? {}) as Record<string, unknown>;
  const fields = Object.entries(entity.fields).filter(([key]) => key !== 'id') as [string, FieldDecl][];
  return (
    <AppDrawer open={open} onClose={onClose} size={720} title={title}>
      {row && (
        <Descriptions column={2} size="small" bordered>
          {fields.map(([key, f]) => {
            const own = cells[key];
            const v = byKey[key];
            return (
              <Descriptions.Item key={key} label={f.label}>
                {own ? own(row) : v === null || v === undefined || v === '' ? EMPTY_CELL : cellOf(f)(v)}
              </Descriptions.Item>
            );
          })}
        </Descriptions>
      )}
    </AppDrawer>
  );
}
