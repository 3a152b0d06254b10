import {
  DeleteOutlined,
  DownloadOutlined,
  ImportOutlined,
  PlusOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { materialType } from '@factory/shared/enums';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { EMPTY_CELL, EnumCell } from '../../platform/list/columns.tsx';
import { downloadFile } from '../../platform/list/download.ts';
import { formatNumber } from '../../platform/list/format.ts';
import { MaterialSelect } from '../../platform/list/RemoteSelect.tsx';
import { ApiError, api } from '../../platform/request.ts';
import { nestBom } from './BomTree.tsx';
import {
  type BomRelationNode,
  type FlowMaterial,
  flowPaths,
  relationKey,
  type VersionDetail,
} from './processFlowApi.ts';

type TreeNode = BomRelationNode & { children?: TreeNode[] };
type Item = { materialId?: number; stepId?: number | null; quantity?: number; remark?: string };
/** What a line shows of its material besides the select. */
type Info = { code: string; specifications: string | null; unitName: string | null; materialType: number };

const stepLabel = (seq: number | null, name: string | null) => (seq === null ? '' : `${seq}. ${name ?? ''}`);

/** The version's BOM relation view: the product's exploded BOM, each material with the step consuming it. */
export function BomRelationView({ version }: { version: VersionDetail }) {
  const query = useQuery({
    queryKey: relationKey(version.id),
    queryFn: ({ signal }) =>
      api.get<BomRelationNode[]>(flowPaths.bomRelation, { id: version.id }, { signal }),
  });
  const nodes = query.data ?? [];
  const tree = useMemo(() => nestBom(nodes) as TreeNode[], [nodes]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  useEffect(() => {
    if (query.data) setExpanded(query.data.filter((n) => n.level < 2).map((n) => n.key));
  }, [query.data]);
  const placed = new Set(nodes.filter((n) => n.stepId !== null).map((n) => n.materialId)).size;
  const columns: TableColumnsType<TreeNode> = [
    {
      key: 'code',
      dataIndex: 'code',
      title: '物料编码',
      width: 240,
      render: (v: string, n) => (n.level === 0 ? <Typography.Text strong>{v}</Typography.Text> : v),
    },
    { key: 'name', dataIndex: 'name', title: '物料名称', width: 160, ellipsis: true },
    {
      key: 'specifications',
      dataIndex: 'specifications',
      title: '规格型号',
      width: 180,
      ellipsis: true,
      render: (v) => v ?? EMPTY_CELL,
    },
    {
      key: 'materialType',
      dataIndex: 'materialType',
      title: '物料类型',
      width: 90,
      render: (v) => <EnumCell value={v} enumDecl={materialType} />,
    },
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
  const [form] = Form.useForm<{ items: Item[] }>();
  const [saving, setSaving] = useState(false);
  const [filling, setFilling] = useState(false);
  const [info, setInfo] = useState(new Map<number, Info>());
  const stepOptions = version.steps.map((s) => ({ value: s.id, label: stepLabel(s.seq, s.procedureName) }));

  useEffect(() => {
    setInfo(new Map(version.materials.map((m) => [m.materialId, m])));
    form.setFieldsValue({
      items: version.materials.map((m) => ({
        materialId: m.materialId,
        stepId: m.stepId,
        quantity: m.quantity,
        remark: m.remark ?? undefined,
      })),
    });
  }, [version.materials, form]);

  const knownOf = (id?: number) => {
    const m = version.materials.find((x) => x.materialId === id);
    return m ? [{ value: m.materialId, label: m.name }] : undefined;
  };

  /** The product's direct BOM lines not yet in the list, with what one product needs of each. */
  const fillFromBom = async () => {
    setFilling(true);
    try {
      const nodes = await api.get<BomRelationNode[]>(flowPaths.bomRelation, { id: version.id });
      const items: Item[] = form.getFieldValue('items') ?? [];
      const have = new Set(items.map((i) => i.materialId));
      const fresh = nodes.filter((n) => n.level === 1 && !have.has(n.materialId));
      if (!fresh.length) {
        message.info(nodes.length > 1 ? 'BOM的直接子件都已在清单中' : '产品尚未建立BOM');
        return;
      }
      setInfo((m) => new Map([...m, ...fresh.map((n) => [n.materialId, n] as const)]));
      form.setFieldValue('items', [
        ...items,
        ...fresh.map((n) => ({ materialId: n.materialId, quantity: n.totalQuantity, stepId: null })),
      ]);
      message.success(`已带入 ${fresh.length} 个物料，请指定消耗工序后保存`);
    } catch {
      // the request client has shown why
    } finally {
      setFilling(false);
    }
  };

  const save = async () => {
    let v: { items?: Item[] };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await api.post<FlowMaterial[]>(flowPaths.saveBomList, {
        versionId: version.id,
        items: (v.items ?? []).map((i) => ({
          materialId: i.materialId,
          stepId: i.stepId ?? null,
          quantity: i.quantity,
          remark: i.remark?.trim() || null,
        })),
      });
      message.success('保存成功');
      onSaved();
    } catch (err) {
      if (err instanceof ApiError)
        form.setFields(
          err.fields.flatMap((f) => {
            const m = /^items\.(\d+)\.(\w+)$/.exec(f.field);
            return m
              ? [{ name: ['items', Number(m[1]), m[2] as keyof Item] as const, errors: [f.message] }]
              : [];
          }),
        );
    } finally {
      setSaving(false);
    }
  };

  const download = async () => {
    try {
      await downloadFile(
        flowPaths.exportBomList,
        { query: { id: version.id } },
        `${version.flowCode} ${version.flowName} ${version.name} 物料清单.xlsx`,
      );
    } catch {
      // the request client has shown why
    }
  };

  return (
    <Form form={form} name={`bomList${version.id}`} disabled={!editable}>
      <Form.List name="items">
        {(fields, { add, remove }) => {
          const infoAt = (name: number) =>
            info.get(form.getFieldValue(['items', name, 'materialId']) as number);
          const columns: TableColumnsType<(typeof fields)[number]> = [
            { key: 'no', title: '序号', width: 60, align: 'center', render: (_, __, i) => i + 1 },
            {
              key: 'material',
              title: '物料',
              width: 220,
              render: (_, f) => (
                <Form.Item
                  name={[f.name, 'materialId']}
                  rules={[{ required: true, message: '请选择物料' }]}
                  style={{ marginBottom: 0 }}
                >
                  <MaterialSelect
                    placeholder="请选择物料"
                    exclude={version.materialId ? [version.materialId] : undefined}
                    knownOptions={knownOf(form.getFieldValue(['items', f.name, 'materialId']))}
                    onChange={(value, option) => {
                      const row = (option as { row?: Info & { mainUnitName?: string | null } } | undefined)
                        ?.row;
                      if (row && typeof value === 'number')
                        setInfo((m) => new Map(m).set(value, { ...row, unitName: row.mainUnitName ?? null }));
                    }}
                  />
                </Form.Item>
              ),
            },
            {
              key: 'code',
              title: '物料编码 / 规格型号',
              width: 210,
              render: (_, f) => {
                const m = infoAt(f.name);
                return m ? (
                  <Flex vertical>
                    <Typography.Text>{m.code}</Typography.Text>
                    <Typography.Text type="secondary">{m.specifications ?? EMPTY_CELL}</Typography.Text>
                  </Flex>
                ) : (
                  EMPTY_CELL
                );
              },
            },
            {
              key: 'type',
              title: '类型',
              width: 90,
              render: (_, f) => {
                const m = infoAt(f.name);
                return m ? <EnumCell value={m.materialType} enumDecl={materialType} /> : EMPTY_CELL;
              },
            },
            {
              key: 'step',
              title: '消耗工序',
              width: 190,
              render: (_, f) => (
                <Form.Item name={[f.name, 'stepId']} style={{ marginBottom: 0 }}>
                  <Select
                    allowClear
                    options={stepOptions}
                    placeholder={stepOptions.length ? '未指定' : '请先保存工序'}
                  />
                </Form.Item>
              ),
            },
            {
              key: 'quantity',
              title: '单位用量',
              width: 150,
              render: (_, f) => (
                <Form.Item
                  name={[f.name, 'quantity']}
                  rules={[
                    { required: true, message: '请输入用量' },
                    {
                      validator: (_r, v) =>
                        v === undefined || v === null || v > 0
                          ? Promise.resolve()
                          : Promise.reject(new Error('用量必须大于0')),
                    },
                  ]}
                  style={{ marginBottom: 0 }}
                >
                  <InputNumber
                    min={0}
                    max={1_000_000_000}
                    placeholder="每个产品"
                    suffix={infoAt(f.name)?.unitName ?? undefined}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              ),
            },
            {
              key: 'remark',
              title: '备注',
              width: 160,
              render: (_, f) => (
                <Form.Item name={[f.name, 'remark']} style={{ marginBottom: 0 }}>
                  <Input maxLength={200} placeholder="请输入备注" />
                </Form.Item>
              ),
            },
            ...(editable
              ? [
                  {
                    key: '__actions',
                    title: '操作',
                    width: 64,
                    fixed: 'right' as const,
                    render: (_: unknown, f: (typeof fields)[number]) => (
                      <Tooltip title="移除">
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          onClick={() => remove(f.name)}
                          aria-label="移除"
                        />
                      </Tooltip>
                    ),
                  },
                ]
              : []),
          ];
          return (
            <Flex vertical gap={12}>
              <Flex justify="space-between" align="center" wrap gap={12}>
                <Typography.Text type="secondary">
                  本版本各工序领用的物料及生产一个产品的用量；可从产品BOM带入直接子件。保存时整体替换。
                </Typography.Text>
                <Space wrap>
                  {editable && (
                    <Button icon={<ImportOutlined />} loading={filling} onClick={fillFromBom}>
                      从BOM带入
                    </Button>
                  )}
                  {exportable && (
                    <Button
                      icon={<DownloadOutlined />}
                      disabled={!version.materials.length}
                      onClick={download}
                    >
                      导出
                    </Button>
                  )}
                </Space>
              </Flex>
              <Table
                rowKey="key"
                size="small"
                columns={columns}
                dataSource={fields}
                pagination={false}
                scroll={{ x: 1150 }}
                locale={{ emptyText: '暂无物料，点击“添加物料”或“从BOM带入”' }}
                onRow={() => ({ style: { verticalAlign: 'top' } })}
              />
              {editable && (
                <Flex justify="space-between" align="center" wrap gap={12}>
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>
                    添加物料
                  </Button>
                  <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={save}>
                    保存物料清单
                  </Button>
                </Flex>
              )}
            </Flex>
          );
        }}
      </Form.List>
    </Form>
  );
}
