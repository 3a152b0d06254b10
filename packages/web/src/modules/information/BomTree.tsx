import { DownloadOutlined, NodeExpandOutlined } from '@ant-design/icons';
import { bomApi } from '@factory/shared/api/materials';
import { materialType } from '@factory/shared/enums';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Space, Table, type TableColumnsType, Typography } from 'antd';
import { type Key, type ReactNode, useEffect, useMemo, useState } from 'react';
import { EMPTY_CELL, EnumCell } from '../../platform/list/columns.tsx';
import { downloadFile } from '../../platform/list/download.ts';
import { formatNumber } from '../../platform/list/format.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { type BomNode, bom } from './bomApi.ts';

/** A node with the nodes below it (a BOM node, or one a view adds columns to). */
export type Nested<N> = N & { children?: Nested<N>[] };
type TreeNode = Nested<BomNode>;

/** Nodes under their parents; the server sends them depth first, each level in its sort order. */
export function nestBom<N extends BomNode>(nodes: readonly N[]): Nested<N>[] {
  const byKey = new Map<string, Nested<N>>();
  const roots: Nested<N>[] = [];
  for (const n of nodes) {
    const node: Nested<N> = { ...n };
    byKey.set(n.key, node);
    const parent = n.parentKey === null ? undefined : byKey.get(n.parentKey);
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}

/** Opened at first: everything for a BOM a screen holds at once, else the top two levels. */
const OPEN_ALL_UP_TO = 300;
function parentKeys(nodes: readonly BomNode[], maxLevel = Number.POSITIVE_INFINITY): string[] {
  const levels = new Map(nodes.map((n) => [n.key, n.level]));
  const keys = new Set<string>();
  for (const n of nodes)
    if (n.parentKey !== null && (levels.get(n.parentKey) ?? 0) < maxLevel) keys.add(n.parentKey);
  return [...keys];
}

/** A BOM node's material, as the BOM's tree views show it first: code (the product's in bold), name, specification, type. */
export function bomMaterialColumns<
  N extends {
    level: number;
    code: string;
    name: string;
    specifications: string | null;
    materialType: number;
  },
>(): TableColumnsType<N> {
  return [
    {
      key: 'code',
      dataIndex: 'code',
      title: '物料编码',
      width: 220,
      render: (v: string, n) => (n.level === 0 ? <Typography.Text strong>{v}</Typography.Text> : v),
    },
    { key: 'name', dataIndex: 'name', title: '物料名称', width: 140, ellipsis: true },
    {
      key: 'specifications',
      dataIndex: 'specifications',
      title: '规格型号',
      width: 170,
      ellipsis: true,
      render: (v) => v ?? EMPTY_CELL,
    },
    {
      key: 'materialType',
      dataIndex: 'materialType',
      title: '物料类型',
      width: 84,
      render: (v) => <EnumCell value={v} enumDecl={materialType} />,
    },
  ];
}

export const bomTreeKey = (id: number) => [bomApi.tree.path, id];

/** The whole BOM below a material, as a tree with what one product needs of each part. */
export function BomTree({
  materialId,
  title = '展开BOM',
  extra,
}: {
  materialId: number;
  title?: ReactNode;
  extra?: ReactNode;
}) {
  const can = usePermission();
  const query = useQuery({
    queryKey: bomTreeKey(materialId),
    queryFn: ({ signal }) => bom.tree({ id: materialId }, { signal }),
  });
  const nodes = query.data ?? [];
  const tree = useMemo(() => nestBom(nodes), [nodes]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  useEffect(() => {
    if (!query.data) return;
    setExpanded(parentKeys(query.data, query.data.length <= OPEN_ALL_UP_TO ? undefined : 2));
  }, [query.data]);
  const depth = nodes.reduce((d, n) => Math.max(d, n.level), 0);
  const root = nodes[0];

  const columns: TableColumnsType<TreeNode> = [
    ...bomMaterialColumns<TreeNode>(),
    { key: 'level', dataIndex: 'level', title: '层级', width: 50, align: 'right' },
    { key: 'unitName', dataIndex: 'unitName', title: '单位', width: 56, render: (v) => v ?? EMPTY_CELL },
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: '单位用量',
      width: 90,
      align: 'right',
      render: (v) => (v === null ? EMPTY_CELL : formatNumber(v)),
    },
    {
      key: 'lossRate',
      dataIndex: 'lossRate',
      title: '损耗率',
      width: 76,
      align: 'right',
      render: (v) => (v === null ? EMPTY_CELL : `${formatNumber(v)}%`),
    },
    {
      key: 'totalQuantity',
      dataIndex: 'totalQuantity',
      title: '累计用量',
      width: 130,
      align: 'right',
      render: (v, n) => (
        <Typography.Text strong>
          {formatNumber(v)} {n.unitName ?? ''}
        </Typography.Text>
      ),
    },
  ];

  const download = async () => {
    if (!root) return;
    try {
      await downloadFile(
        bomApi.export.path,
        { query: { id: materialId } },
        `${root.code} ${root.name} BOM.xlsx`,
      );
    } catch {
      // the request client has shown why
    }
  };

  return (
    <Card
      variant="borderless"
      title={
        <Space>
          <NodeExpandOutlined />
          {title}
        </Space>
      }
      extra={
        <Space>
          {nodes.length > 1 && (
            <Typography.Text type="secondary">
              共 {nodes.length - 1} 个子项，{depth} 层
            </Typography.Text>
          )}
          <Button size="small" onClick={() => setExpanded(parentKeys(nodes))} disabled={nodes.length < 2}>
            全部展开
          </Button>
          <Button size="small" onClick={() => setExpanded([])} disabled={nodes.length < 2}>
            全部收起
          </Button>
          {can('materialsSettingList', 'Export') && (
            <Button size="small" icon={<DownloadOutlined />} onClick={download} disabled={nodes.length < 2}>
              导出BOM
            </Button>
          )}
          {extra}
        </Space>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          累计用量 = 从产品到该物料路径上各层 用量 × (1 + 损耗率) 之积，即生产一个产品所需的数量。
        </Typography.Text>
        <Table<TreeNode>
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={tree}
          loading={query.isFetching}
          pagination={false}
          scroll={{ x: 1016 }}
          expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: setExpanded }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
        />
      </Flex>
    </Card>
  );
}
