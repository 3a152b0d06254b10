import { DownloadOutlined, ImportOutlined, SaveOutlined } from '@ant-design/icons';
import { processFlowApi } from '@factory/shared/api/processFlow';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { LinesEditor } from '../../platform/lines/LinesEditor.tsx';
import { filled, type LineColumn } from '../../platform/lines/lines.ts';
import { type MaterialInfo, materialColumns, quantityColumn } from '../../platform/lines/materialColumns.tsx';
import { useLines } from '../../platform/lines/useLines.ts';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { downloadFile } from '../../platform/list/download.ts';
import { formatNumber } from '../../platform/list/format.ts';
import { bomMaterialColumns, type Nested, nestBom } from './BomTree.tsx';
import { type BomRelationNode, flows, relationKey, type VersionDetail } from './processFlowApi.ts';

type TreeNode = Nested<BomRelationNode>;

const stepLabel = (seq: number | null, name: string | null) => (seq === null ? '' : `${seq}. ${name ?? ''}`);

/** The version's BOM relation view: the product's exploded BOM, each material with the step consuming it. */
export function BomRelationView({ version }: { version: VersionDetail }) {
  const query = useQuery({
    queryKey: relationKey(version.id),
    queryFn: ({ signal }) => flows.bomRelation({ id: version.id }, { signal }),
  });
  const nodes = query.data ?? [];
  const tree = useMemo(() => nestBom(nodes), [nodes]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  useEffect(() => {
    if (query.data) setExpanded(query.data.filter((n) => n.level < 2).map((n) => n.key));
  }, [query.data]);
  const placed = new Set(nodes.filter((n) => n.stepId !== null).map((n) => n.materialId)).size;
  const columns: TableColumnsType<TreeNode> = [
    ...bomMaterialColumns<TreeNode>(),
    {
      key: 'totalQuantity',
      dataIndex: 'totalQuantity',
      title: 'BOM累计用量',
      width: 130,
      align: 'right',
      render: (v, n) => `${formatNumber(v)} ${n.unitName ?? ''}`,
    },
    {
      key: 'step',
      title: '消耗工序',
      width: 160,
      render: (_, n) =>
        n.level === 0 ? (
          EMPTY_CELL
        ) : n.stepId !== null ? (
          <Tag color="blue" variant="filled">
            {stepLabel(n.stepSeq, n.procedureName)}
          </Tag>
        ) : n.flowQuantity !== null ? (
          <Tag variant="filled">未指定工序</Tag>
        ) : (
          <Typography.Text type="secondary">不在清单中</Typography.Text>
        ),
    },
    {
      key: 'flowQuantity',
      dataIndex: 'flowQuantity',
      title: '本工艺用量',
      width: 110,
      align: 'right',
      render: (v) => (v === null ? EMPTY_CELL : formatNumber(v)),
    },
  ];
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">
        产品BOM（多级展开）与本版本物料清单的对应：{placed} 个物料已指定消耗工序。
      </Typography.Text>
      <Table<TreeNode>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={tree}
        loading={query.isFetching}
        pagination={false}
        scroll={{ x: 1070 }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: setExpanded }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="产品尚未建立BOM" /> }}
      />
    </Flex>
  );
}

type Item = {
  materialId?: number;
  material?: MaterialInfo;
  stepId?: number | null;
  quantity?: number;
  remark?: string;
};

function bomListColumns(version: VersionDetail): LineColumn<Item>[] {
  const steps = version.steps.map((s) => ({ value: s.id, label: stepLabel(s.seq, s.procedureName) }));
  return [
    ...materialColumns<Item>({
      key: 'materialId',
      info: 'material',
      exclude: version.materialId ? [version.materialId] : undefined,
      width: 220,
    }),
    {
      key: 'stepId',
      title: '消耗工序',
      width: 190,
      editor: {
        kind: 'select',
        options: steps,
        allowClear: true,
        placeholder: steps.length ? '未指定' : '请先保存工序',
      },
    },
    quantityColumn<Item>({ info: 'material', title: '单位用量', placeholder: '每个产品' }),
    {
      key: 'remark',
      title: '备注',
      width: 160,
      editor: { kind: 'text', maxLength: 200, placeholder: '请输入备注' },
    },
  ];
}

/**
 * The version's BOM list view: the materials its steps consume and how much per product, edited
 * as a whole and saved in one call (replace-all), exported as a file.
 */
export function BomListEditor({
  version,
  editable,
  exportable,
  onSaved,
}: {
  version: VersionDetail;
  editable: boolean;
  exportable: boolean;
  onSaved(): void;
}) {
  const { message } = App.useApp();
  const [filling, setFilling] = useState(false);
  const columns = useMemo(() => bomListColumns(version), [version]);
  const { lines: items, setLines: setItems, saving, save, editor } = useLines(columns, 'items');

  useEffect(() => {
    setItems(
      version.materials.map((m) => ({
        materialId: m.materialId,
        material: m,
        stepId: m.stepId,
        quantity: m.quantity,
        remark: m.remark ?? undefined,
      })),
    );
  }, [version.materials, setItems]);

  /** The product's direct BOM lines not yet in the list, with what one product needs of each. */
  const fillFromBom = async () => {
    setFilling(true);
    try {
      const nodes = await flows.bomRelation({ id: version.id });
      const have = new Set(items.map((i) => i.materialId));
      const fresh = nodes.filter((n) => n.level === 1 && !have.has(n.materialId));
      if (!fresh.length) {
        message.info(nodes.length > 1 ? 'BOM的直接子件都已在清单中' : '产品尚未建立BOM');
        return;
      }
      setItems((list) => [
        ...list,
        ...fresh.map((n) => ({
          materialId: n.materialId,
          material: n,
          quantity: n.totalQuantity,
          stepId: null,
        })),
      ]);
      message.success(`已带入 ${fresh.length} 个物料，请指定消耗工序后保存`);
    } catch {
      // the request client has shown why
    } finally {
      setFilling(false);
    }
  };

  const onSave = async () => {
    const saved = await save((list) =>
      flows.saveBomList({
        versionId: version.id,
        items: list.map((line) => {
          const i = filled(line, 'materialId', 'quantity');
          return {
            materialId: i.materialId,
            stepId: i.stepId ?? null,
            quantity: i.quantity,
            remark: i.remark?.trim() || null,
          };
        }),
      }),
    );
    if (saved) onSaved();
  };

  const download = async () => {
    try {
      await downloadFile(
        processFlowApi.exportBomList.path,
        { query: { id: version.id } },
        `${version.flowCode} ${version.flowName} ${version.name} 物料清单.xlsx`,
      );
    } catch {
      // the request client has shown why
    }
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Text type="secondary">
          本版本各工序领用的物料及生产一个产品的用量；可从产品BOM带入直接子件，或从Excel复制“物料编码、消耗工序、用量”多行粘贴到物料格中。保存时整体替换。
        </Typography.Text>
        <Space wrap>
          {editable && (
            <Button icon={<ImportOutlined />} loading={filling} onClick={fillFromBom}>
              从BOM带入
            </Button>
          )}
          {exportable && (
            <Button icon={<DownloadOutlined />} disabled={!version.materials.length} onClick={download}>
              导出
            </Button>
          )}
        </Space>
      </Flex>
      <LinesEditor
        id={`bomList${version.id}`}
        {...editor}
        newLine={() => ({ quantity: 1 })}
        reorder={false}
        disabled={!editable}
        addLabel="添加物料"
        emptyText="暂无物料，点击“添加物料”或“从BOM带入”"
        footer={
          editable && (
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={onSave}>
              保存物料清单
            </Button>
          )
        }
      />
    </Flex>
  );
}
