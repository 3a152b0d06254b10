import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { UNPAGED_SIZE } from '@factory/shared/api/list';
import type { EntityDecl } from '@factory/shared/entities/define';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import type { RowOf } from '@factory/shared/entities/schema';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { call } from '../call.ts';
import { columnDefsOf } from '../list/columns.tsx';
import { usePermission } from '../usePermission.ts';
import { EntityFormModal, type FormMode } from './EntityFormModal.tsx';

type Row = Record<string, unknown>;
type Node<T> = T & { children?: Node<T>[] };

/** What the tree reads of a row: its id, its parent's id (the entity's reference to itself), name and code. */
const treeFields = (r: Row) => ({
  id: Number(r.id),
  parentId: typeof r.parentId === 'number' ? r.parentId : null,
  name: String(r.name ?? ''),
  code: String(r.code ?? ''),
});

/** Nodes under their parents, in the list's order; a node whose parent is filtered out stays a root. */
export function treeOf<T extends Row>(rows: readonly T[]): Node<T>[] {
  const byId = new Map<number, Node<T>>(rows.map((r) => [treeFields(r).id, { ...r }]));
  const roots: Node<T>[] = [];
  for (const node of byId.values()) {
    const { parentId } = treeFields(node);
    const parent = parentId ? byId.get(parentId) : undefined;
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}

/** The rows whose name or code contains the keyword, with their ancestors, so the tree reads from the top. */
export function matchingWithAncestors<T extends Row>(rows: readonly T[], keyword: string): T[] {
  const k = keyword.trim();
  if (!k) return [...rows];
  const byId = new Map(rows.map((r) => [treeFields(r).id, treeFields(r)]));
  const keep = new Set<number>();
  for (const r of byId.values()) {
    if (!r.name.includes(k) && !r.code.includes(k)) continue;
    for (let n = byId.get(r.id); n && !keep.has(n.id); n = n.parentId ? byId.get(n.parentId) : undefined)
      keep.add(n.id);
  }
  return rows.filter((r) => keep.has(treeFields(r).id));
}

export interface TreePageProps<E extends EntityDecl, T = RowOf<E>> {
  /** A declared entity with `parentId` (its reference to itself, shown as the tree instead). */
  entity: E;
  title: ReactNode;
  /** One line under the title saying how the tree is built. */
  hint?: ReactNode;
  /** The 新增 button on a row adding a child, with its label; none when the row takes no children. */
  childAction?(row: T): string | undefined;
  /** Starting values of a root and of a child of `parent`. */
  rootValues?: Record<string, unknown>;
  childValues?(parent: T): Record<string, unknown>;
  /** Label of the toolbar's add button ('新增{label}' when omitted). */
  addLabel?: string;
  /** Field order of the tree (the list call's `order`). */
  order?: string;
  /** The entity has getMax{Entity}Code: the form suggests codes. */
  suggestCode?: boolean;
}

/**
 * A tree of a declared entity (organisation, material classes, equipment classes): the whole list
 * in one call, nested by parent, searchable by name or code; add a root or a child, modify and
 * delete (asking first) as the user's permissions allow. Columns come from the declaration.
 */
export function TreePage<E extends EntityDecl>({
  entity,
  title,
  hint,
  childAction = () => '新增下级',
  rootValues,
  childValues = (p) => ({ parentId: treeFields(p).id, parentName: treeFields(p).name }),
  addLabel,
  order = entity.defaultOrder,
  suggestCode,
}: TreePageProps<E>) {
  type T = RowOf<E>;
  const { message } = App.useApp();
  const can = usePermission();
  const route = entity.route;
  const { listPage, remove: removeCall } = entityEndpoints(entity);
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<{ open: boolean; mode: FormMode; row?: T; parent?: T }>({
    open: false,
    mode: 'add',
  });
  const query = useQuery({
    queryKey: [listPage.path, 'tree', order],
    queryFn: ({ signal }) => call(listPage, { currentPage: 1, pageSize: UNPAGED_SIZE, order }, { signal }),
  });
  const rows = query.data?.content;
  const tree = useMemo(() => treeOf(matchingWithAncestors(rows ?? [], keyword)), [rows, keyword]);

  const remove = async (r: T) => {
    // the route's Del button declares the call; without it there is nothing to delete with
    if (!removeCall) return;
    try {
      await call(removeCall, { id: treeFields(r).id });
      message.success('删除成功');
      void query.refetch();
    } catch {
      // the request client has shown why (e.g. it still has children or users)
    }
  };

  const columns: TableColumnsType<Node<T>> = [
    ...columnDefsOf(entity)
      .filter((d) => d.visible && d.key !== 'parentName')
      .map((d) => ({
        key: d.key,
        dataIndex: d.key,
        title: d.title,
        width: d.width,
        align: d.align,
        ellipsis: d.ellipsis,
        render: (v: unknown, r: Node<T>, i: number) => d.render(v, r, i),
      })),
    {
      key: '__actions',
      title: '操作',
      width: 220,
      fixed: 'right',
      render: (_, r) => {
        const child = childAction(r);
        return (
          <Space size={0}>
            {can(route, 'Add') && child && (
              <Button
                type="link"
                size="small"
                onClick={() => setDialog({ open: true, mode: 'add', parent: r })}
              >
                {child}
              </Button>
            )}
            {can(route, 'Modify') && (
              <Button
                type="link"
                size="small"
                onClick={() => setDialog({ open: true, mode: 'edit', row: r })}
              >
                修改
              </Button>
            )}
            {can(route, 'Del') && (
              <Popconfirm
                title="提示"
                description="您确定要删除吗?"
                okText="确定"
                cancelText="取消"
                onConfirm={() => remove(r)}
              >
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <Card
        title={title}
        extra={
          <Space>
            <Input.Search
              allowClear
              placeholder={`请输入${entity.label}名称或编码`}
              onSearch={setKeyword}
              onChange={(e) => !e.target.value && setKeyword('')}
              style={{ width: 240 }}
            />
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} aria-label="刷新" />
            {can(route, 'Add') && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ open: true, mode: 'add' })}
              >
                {addLabel ?? `新增${entity.label}`}
              </Button>
            )}
          </Space>
        }
      >
        <Flex vertical gap={12}>
          {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
          <Table<Node<T>>
            rowKey="id"
            size="middle"
            loading={query.isFetching}
            columns={columns}
            dataSource={tree}
            pagination={false}
            scroll={{ x: 960 }}
            expandable={{ defaultExpandAllRows: true }}
            // remounted when the rows change, so a loaded or filtered tree opens fully
            key={`${rows?.length ?? 0}-${keyword}`}
            locale={{ emptyText: <Empty description="暂无数据" /> }}
          />
        </Flex>
      </Card>
      <EntityFormModal
        entity={entity}
        open={dialog.open}
        mode={dialog.mode}
        source={dialog.row}
        suggestCode={suggestCode}
        initialValues={dialog.parent ? childValues(dialog.parent) : rootValues}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={() => {
          setDialog((d) => ({ ...d, open: false }));
          void query.refetch();
        }}
      />
    </>
  );
}
