import { PlusOutlined } from '@ant-design/icons';
import { type EntityDecl, entityButtons } from '@factory/shared/entities/define';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import type { RowOf } from '@factory/shared/entities/schema';
import { App, Card } from 'antd';
import { type ReactNode, type Ref, useImperativeHandle, useRef, useState } from 'react';
import { call } from '../call.ts';
import { downloadFile, exportQuery } from '../list/download.ts';
import { ImportWizard } from '../list/ImportWizard.tsx';
import { ListPage, type ListPageProps } from '../list/ListPage.tsx';
import type { ListPageHandle, RowAction, ToolbarAction } from '../list/types.ts';
import { ApiError } from '../request.ts';
import { EntityFormModal, type FormMode } from './EntityFormModal.tsx';
import { useEntityDecl } from './useEntityDecl.ts';

const STANDARD = ['Add', 'Modify', 'Del'];

export interface CrudPageProps<E extends EntityDecl>
  extends Pick<
    ListPageProps<RowOf<E>>,
    | 'title'
    | 'columns'
    | 'extraColumns'
    | 'batchActions'
    | 'maxRowActions'
    | 'fixedFilters'
    | 'defaultFilter'
    | 'urlState'
    | 'search'
    | 'onRowClick'
    | 'activeRowId'
    | 'rowStyle'
    | 'prefsKey'
  > {
  /** The declaration: the rows are its `RowOf`, as its list call declares them. */
  entity: E;
  /** Row actions special to the screen, placed after 修改. */
  rowActions?: readonly RowAction<RowOf<E>>[];
  toolbar?: readonly ToolbarAction[];
  /** getMax{Entity}Code exists: the form suggests codes. */
  suggestCode?: boolean;
  /**
   * Form items beyond the declared fields, and their values from a row (see EntityFormModal); the
   * mode tells a copy (which may carry more of its source) from a modify.
   */
  formItems?(row: RowOf<E> | undefined, mode: FormMode): ReactNode;
  formValues?(row: RowOf<E>, mode: FormMode): Record<string, unknown>;
  /** Starting values of a new record (the parent a list under it shows, with its name for the select). */
  addValues?: Record<string, unknown>;
  /** After anything was saved, enabled, disabled or deleted (caches others depend on). */
  onChanged?(): void;
  /** 新增 goes elsewhere (a route of its own) instead of opening the dialog. */
  onAdd?(): void;
  /** What 新增 is called when it is not a plain new record (快速维修). */
  addLabel?: string;
  /** 修改 and 删除 only on the rows this allows (a document editable only as a draft). */
  canModify?(row: RowOf<E>): boolean;
  canDelete?(row: RowOf<E>): boolean;
  ref?: Ref<ListPageHandle>;
}

/**
 * A whole master-data screen from an entity declaration: the list with search, paging, sorting and
 * column settings; 新增, 修改, 复制, 启用/停用 and 删除 (asking first) as the route's buttons allow
 * and the user's permissions keep; export of the visible columns; the import wizard. A module
 * passes only what is special about its entity.
 */
export function CrudPage<E extends EntityDecl>(props: CrudPageProps<E>): ReactNode;
// the screen sees its declaration's rows; inside, any declaration's rows are read alike (an id, values by name)
export function CrudPage({
  entity,
  rowActions = [],
  toolbar = [],
  suggestCode,
  formItems,
  formValues,
  addValues,
  onChanged,
  onAdd,
  addLabel,
  canModify,
  canDelete,
  ref,
  ...list
}: CrudPageProps<EntityDecl>) {
  type T = RowOf<EntityDecl>;
  const { modal } = App.useApp();
  const decl = useEntityDecl(entity);
  const endpoints = entityEndpoints(entity);
  const buttons = entityButtons(entity);
  const has = (b: string) => buttons.includes(b);
  const listRef = useRef<ListPageHandle>(null);
  useImperativeHandle(ref, () => ({ reload: () => listRef.current?.reload() }), []);
  const [dialog, setDialog] = useState<{ open: boolean; mode: FormMode; row?: T }>({
    open: false,
    mode: 'add',
  });
  const [importing, setImporting] = useState(false);
  const nameOf = (r: T) => String(r.name ?? r.code ?? r.id);
  /** A standard call the route's buttons gave the entity (its action is shown only then). */
  const declared = <C,>(c: C | undefined) => {
    if (!c) throw new Error(`${entity.name}: the route has no such button`);
    return c;
  };

  const remove = async (r: T) => {
    try {
      await call(declared(endpoints.remove), { id: r.id });
      onChanged?.();
    } catch (err) {
      // the one refusal the request client leaves to the screen (spec 000 §8): explain it
      if (err instanceof ApiError && err.silent)
        modal.warning({ title: '无法删除', content: `${err.message}。请先在使用它的地方移除后再删除。` });
      throw err;
    }
  };

  const actions: RowAction<T>[] = [
    {
      key: 'modify',
      label: '修改',
      action: 'Modify',
      visible: canModify,
      onClick: (r) => setDialog({ open: true, mode: 'edit', row: r }),
    },
    ...rowActions,
    ...(has('Copy')
      ? [
          {
            key: 'copy',
            label: '复制',
            action: 'Copy',
            onClick: (r: T) => setDialog({ open: true, mode: 'copy', row: r }),
          },
        ]
      : []),
    ...(has('Enable')
      ? [
          {
            key: 'enable',
            label: '启用',
            action: 'Enable',
            visible: (r: T) => r.isEnabled === 0,
            success: '启用成功',
            onClick: (r: T) => call(declared(endpoints.enable), { id: r.id }).then(onChanged),
          },
          {
            key: 'disable',
            label: '停用',
            action: 'Disable',
            danger: true,
            visible: (r: T) => r.isEnabled === 1,
            confirm: (r: T) => `确定停用“${nameOf(r)}”吗？停用后不再出现在选择列表中。`,
            success: '停用成功',
            onClick: (r: T) => call(declared(endpoints.disable), { id: r.id }).then(onChanged),
          },
        ]
      : []),
    {
      key: 'delete',
      label: '删除',
      action: 'Del',
      danger: true,
      visible: canDelete,
      confirm: '您确定要删除吗?',
      success: '删除成功',
      onClick: remove,
    },
  ];

  // the standard actions exist only where the route has their button (package codes are never modified)
  const inRoute = (a: { action?: string }) => !a.action || !STANDARD.includes(a.action) || has(a.action);

  const tools: ToolbarAction[] = [
    {
      key: 'add',
      label: addLabel ?? `新增${entity.label}`,
      action: 'Add',
      primary: true,
      icon: <PlusOutlined />,
      onClick: onAdd ?? (() => setDialog({ open: true, mode: 'add' })),
    },
    ...toolbar,
  ];

  const dialogRow = dialog.row;

  // the tenant's custom fields are part of every column, filter and form: wait for them
  if (!decl) return <Card loading />;
  return (
    <>
      <ListPage
        ref={listRef}
        entity={decl}
        routeName={entity.route}
        endpoint={endpoints.listPage}
        title={list.title ?? `${entity.label}列表`}
        {...list}
        toolbar={tools.filter(inRoute)}
        rowActions={actions.filter(inRoute)}
        onExport={
          has('Export')
            ? async (ctx) =>
                downloadFile(
                  declared(endpoints.export).path,
                  { query: await exportQuery(ctx) },
                  `${entity.label}列表.xlsx`,
                )
            : undefined
        }
        onImport={has('Import') ? () => setImporting(true) : undefined}
      />
      <EntityFormModal
        entity={decl}
        open={dialog.open}
        mode={dialog.mode}
        source={dialog.row}
        suggestCode={suggestCode}
        extraItems={formItems?.(dialog.mode === 'add' ? undefined : dialog.row, dialog.mode)}
        extraValues={formValues && dialogRow && (() => formValues(dialogRow, dialog.mode))}
        initialValues={addValues}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={() => {
          setDialog((d) => ({ ...d, open: false }));
          listRef.current?.reload();
          onChanged?.();
        }}
      />
      {has('Import') && (
        <ImportWizard
          open={importing}
          entityLabel={entity.label}
          importPath={declared(endpoints.import).path}
          templatePath={declared(endpoints.importTemplate).path}
          errorsPath={declared(endpoints.importErrors).path}
          onClose={() => setImporting(false)}
          onDone={() => {
            setImporting(false);
            listRef.current?.reload();
          }}
        />
      )}
    </>
  );
}
