import type { EntityDecl } from '@factory/shared/entities/define';
import type { RowOf } from '@factory/shared/entities/schema';
import type { MachineDecl } from '@factory/shared/machines/define';
import { type ReactNode, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ColumnOverride, ListPageHandle, RowAction } from '../list/types.ts';
import { useLogButton } from '../machine/LogButton.tsx';
import { stateColumns } from '../machine/StateTags.tsx';
import { type DocRow, useMachineActions } from '../machine/useMachineActions.tsx';
import { CrudPage } from './CrudPage.tsx';

/** A document's row as an order list reads it beyond its declaration: its number. */
type OrderRow = DocRow & { code?: string | null };

export interface OrderListPageProps<E extends EntityDecl> {
  entity: E;
  machine: MachineDecl;
  title: string;
  detailHref(row: { id: number }): string;
  /** The form page: a new order, or with `id` the draft to edit. */
  formHref(id?: number): string;
  /** Only a draft is edited (on the form page) or deleted (the server refuses the rest). */
  isDraft(row: RowOf<E>): boolean;
}

const never = () => false;

/**
 * The list of a document kept on a machine and edited on a form page of its own (sales orders,
 * purchase orders): its states as tags, the number linking to the detail, 详情, 编辑 and 删除 of a
 * draft, the machine's actions allowed for each row, 操作日志, and 新增 going to the form page.
 */
export function OrderListPage<E extends EntityDecl>(props: OrderListPageProps<E>): ReactNode;
export function OrderListPage({
  entity,
  machine: decl,
  title,
  detailHref,
  formHref,
  isDraft,
}: OrderListPageProps<EntityDecl>) {
  type Row = RowOf<EntityDecl> & OrderRow;
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const machine = useMachineActions<Row, string>(decl, undefined, reload);
  const log = useLogButton<Row>(decl, (o) => o.code ?? '');
  const columns = useMemo<Partial<Record<string, ColumnOverride<Row>>>>(
    () => ({
      ...stateColumns<Row>(decl),
      code: { render: (v, o) => <Link to={detailHref(o)}>{String(v ?? '')}</Link> },
    }),
    [decl, detailHref],
  );
  const rowActions: RowAction<Row>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (o) => navigate(detailHref(o)) },
    {
      key: 'edit',
      label: '编辑',
      action: 'Modify',
      visible: isDraft,
      onClick: (o) => navigate(formHref(o.id)),
    },
    ...machine.rowActions,
    ...log.rowActions,
  ];
  return (
    <>
      <CrudPage
        ref={list}
        entity={entity}
        title={title}
        columns={columns as Partial<Record<string, ColumnOverride<RowOf<EntityDecl>>>>}
        rowActions={rowActions as RowAction<RowOf<EntityDecl>>[]}
        maxRowActions={4}
        // edited on the form page (编辑), not in the dialog
        canModify={never}
        canDelete={isDraft}
        onAdd={() => navigate(formHref())}
      />
      {machine.holder}
      {log.drawer}
    </>
  );
}
