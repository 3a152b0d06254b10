import { ApartmentOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { UNPAGED_SIZE } from '@factory/shared/api/list';
import { entityPaths } from '@factory/shared/entities/define';
import { organizationEntity } from '@factory/shared/entities/setting';
import { organizationLevel } from '@factory/shared/enums';
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
import { useMemo, useState } from 'react';
import { EntityFormModal, type FormMode } from '../../platform/crud/EntityFormModal.tsx';
import { EMPTY_CELL, EnumCell } from '../../platform/list/columns.tsx';
import { api } from '../../platform/request.ts';
import { usePermission } from '../../platform/usePermission.ts';

type Org = {
  id: number;
  code: string;
  name: string;
  level: number;
  parentId: number | null;
  parentName: string | null;
  sort: number;
  remark: string | null;
};
type Node = Org & { children?: Node[] };

const ROUTE = organizationEntity.route;
const paths = entityPaths(organizationEntity);

/** Nodes under their parents, in the list's order; a node whose parent is filtered out stays a root. */
function treeOf(rows: readonly Org[]): Node[] {
  const byId = new Map<number, Node>(rows.map((r) => [r.id, { ...r }]));
  const roots: Node[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}

/** /setting/user-info/organization: factory → workshop → production line (spec 001 §9). */
export default function OrganizationTree() {
  const { message } = App.useApp();
  const can = usePermission();
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<{ open: boolean; mode: FormMode; row?: Org; parent?: Org }>({
    open: false,
    mode: 'add',
  });
  const query = useQuery({
    queryKey: [paths.listPage, 'tree'],
    queryFn: ({ signal }) =>
      api.get<{ content: Org[]; total: number }>(
        paths.listPage,
        { currentPage: 1, pageSize: UNPAGED_SIZE, order: '+sort' },
        { signal },
      ),
  });
  const rows = query.data?.content ?? [];
  const shown = useMemo(() => {
    const k = keyword.trim();
    if (!k) return rows;
    // keep matches and their ancestors so the tree still reads from the top
    const byId = new Map(rows.map((r) => [r.id, r]));
    const keep = new Set<number>();
    for (const r of rows) {
      if (!r.name.includes(k) && !r.code.includes(k)) continue;
      for (
        let n: Org | undefined = r;
        n && !keep.has(n.id);
        n = n.parentId ? byId.get(n.parentId) : undefined
      )
        keep.add(n.id);
    }
    return rows.filter((r) => keep.has(r.id));
  }, [rows, keyword]);
  const tree = useMemo(() => treeOf(shown), [shown]);

  const remove = async (o: Org) => {
    try {
      await api.del(paths.remove, { id: o.id });
      message.success('删除成功');
      void query.refetch();
    } catch {
      // the request client has shown why (e.g. it still has lines or users)
    }
  };

  const columns: TableColumnsType<Node> = [
    { key: 'name', dataIndex: 'name', title: '组织名称', width: 280 },
    { key: 'code', dataIndex: 'code', title: '组织编码', width: 140 },
    {
      key: 'level',
      dataIndex: 'level',
      title: '层级',
      width: 100,
      render: (v) => <EnumCell value={v} enumDecl={organizationLevel} />,
    },
    { key: 'sort', dataIndex: 'sort', title: '排序', width: 80, align: 'right' },
    {
      key: 'remark',
      dataIndex: 'remark',
      title: '备注',
      ellipsis: true,
      render: (v) => v || <Typography.Text type="secondary">{EMPTY_CELL}</Typography.Text>,
    },
    {
      key: '__actions',
      title: '操作',
      width: 220,
      fixed: 'right',
      render: (_, o) => (
        <Space size={0}>
          {can(ROUTE, 'Add') && o.level < 2 && (
            <Button
              type="link"
              size="small"
              onClick={() => setDialog({ open: true, mode: 'add', parent: o })}
            >
              新增{organizationLevel.label(o.level + 1)}
            </Button>
          )}
          {can(ROUTE, 'Modify') && (
            <Button type="link" size="small" onClick={() => setDialog({ open: true, mode: 'edit', row: o })}>
              修改
            </Button>
          )}
          {can(ROUTE, 'Del') && (
            <Popconfirm
              title="提示"
              description="您确定要删除吗?"
              okText="确定"
              cancelText="取消"
              onConfirm={() => remove(o)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Card
        title={
          <Space>
            <ApartmentOutlined />
            组织架构
          </Space>
        }
        extra={
          <Space>
            <Input.Search
              allowClear
              placeholder="请输入组织名称或编码"
              onSearch={setKeyword}
              onChange={(e) => !e.target.value && setKeyword('')}
              style={{ width: 240 }}
            />
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} aria-label="刷新" />
            {can(ROUTE, 'Add') && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ open: true, mode: 'add' })}
              >
                新增工厂
              </Button>
            )}
          </Space>
        }
      >
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            工厂下设车间，车间下设产线；用户归属某一组织，产线可关联所属车间。
          </Typography.Text>
          <Table<Node>
            rowKey="id"
            size="middle"
            loading={query.isFetching}
            columns={columns}
            dataSource={tree}
            pagination={false}
            scroll={{ x: 960 }}
            expandable={{ defaultExpandAllRows: true }}
            key={`${tree.length}-${keyword}`}
            locale={{ emptyText: <Empty description="暂无数据" /> }}
          />
        </Flex>
      </Card>
      <EntityFormModal
        entity={organizationEntity}
        open={dialog.open}
        mode={dialog.mode}
        source={dialog.row}
        suggestCode
        initialValues={
          dialog.parent
            ? {
                level: dialog.parent.level + 1,
                parentId: dialog.parent.id,
                parentName: dialog.parent.name,
                sort: 0,
              }
            : { level: 0, sort: 0 }
        }
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={() => {
          setDialog((d) => ({ ...d, open: false }));
          void query.refetch();
        }}
      />
    </>
  );
}
