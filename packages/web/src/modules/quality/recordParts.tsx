import type { EntityDecl, FieldDecl } from '@factory/shared/entities/define';
import type { RowOf } from '@factory/shared/entities/schema';
import { hasAnyKey } from '@factory/shared/permissions';
import { Descriptions } from 'antd';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AppDrawer } from '../../platform/AppModal.tsx';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { cellOf, EMPTY_CELL } from '../../platform/list/columns.tsx';
import type { ColumnOverride, RowAction } from '../../platform/list/types.ts';
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
export function RecordDrawer<T extends object>({
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

/** The cells a read-only list draws its own way (links), given who may open what. */
export type RecordCells<T> = (
  mayOpen: (route: string) => boolean,
  onNavigate?: () => void,
) => Record<string, (row: T) => ReactNode>;

/**
 * A read-only list of records (返修记录, 报工报废记录): the entity's list with its own cells, and 详情
 * in a drawer drawing the same cells.
 */
export function RecordList<E extends EntityDecl>({
  entity,
  title,
  cells,
  drawerTitle,
}: {
  entity: E;
  title: string;
  cells: RecordCells<RowOf<E>>;
  drawerTitle(row: RowOf<E> | undefined): string;
}) {
  type T = RowOf<E>;
  const mayOpen = useMayOpen();
  const [shown, setShown] = useState<{ row?: T; open: boolean }>({ open: false });
  const close = () => setShown((s) => ({ ...s, open: false }));
  const columns = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(cells(mayOpen)).map(([key, cell]) => [
          key,
          { render: (_v: unknown, r: T) => cell(r) } satisfies ColumnOverride<T>,
        ]),
      ),
    [cells, mayOpen],
  );
  const rowActions: RowAction<T>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (row) => setShown({ row, open: true }) },
  ];
  return (
    <>
      <CrudPage entity={entity} title={title} columns={columns} rowActions={rowActions} />
      <RecordDrawer
        entity={entity}
        title={drawerTitle(shown.row)}
        open={shown.open}
        row={shown.row}
        cells={cells(mayOpen, close)}
        onClose={close}
      />
    </>
  );
}
