import { ArrowLeftOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { materialType } from '@factory/shared/enums';
import { routeHref } from '@factory/shared/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadState } from '../../platform/LoadState.tsx';
import { EMPTY_CELL, EnumCell } from '../../platform/list/columns.tsx';
import { MaterialSelect } from '../../platform/list/RemoteSelect.tsx';
import { RowOrderActions } from '../../platform/list/RowOrderActions.tsx';
import { ApiError, api } from '../../platform/request.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { BomTree, bomTreeKey } from './BomTree.tsx';
import { type BomLine, type BomNode, bomPaths } from './bomApi.ts';

/** What a line shows of its child besides the select: filled from the loaded line or the picked row. */
type ChildInfo = {
  code: string;
  specifications: string | null;
  unitName: string | null;
  materialType: number;
};
type Item = { childId?: number; quantity?: number; lossRate?: number; sort?: number; remark?: string };

const LIST = routeHref('materialsSettingList');
const STEP = 10;

/** The first level of one product's BOM, edited as a whole and saved in one call (replace-all). */
function LinesEditor({ parent, onSaved }: { parent: BomNode; onSaved(): void }) {
  const { message } = App.useApp();
  const can = usePermission();
  const editable = can('materialsSettingList', 'Modify') || can('materialsSettingList', 'Add');
  const [form] = Form.useForm<{ items: Item[] }>();
  const [info, setInfo] = useState(new Map<number, ChildInfo>());
  const [saving, setSaving] = useState(false);
  const lines = useQuery({
    queryKey: [bomPaths.lines, parent.materialId],
    queryFn: ({ signal }) => api.get<BomLine[]>(bomPaths.lines, { parentId: parent.materialId }, { signal }),
  });

  useEffect(() => {
    if (!lines.data) return;
    setInfo(new Map(lines.data.map((l) => [l.materialId, l])));
    form.setFieldsValue({
      items: lines.data.map((l) => ({
        childId: l.materialId,
        quantity: l.quantity,
        lossRate: l.lossRate,
        sort: l.sort,
        remark: l.remark ?? undefined,
      })),
    });
  }, [lines.data, form]);

  const save = async () => {
    let v: { items?: Item[] };
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    setSaving(true);
    try {
      await api.put(bomPaths.save, {
        parentId: parent.materialId,
        items: (v.items ?? []).map((i) => ({
          childId: i.childId,
          quantity: i.quantity,
          lossRate: i.lossRate ?? 0,
          sort: i.sort ?? 0,
          remark: i.remark?.trim() || null,
        })),
      });
      message.success('保存成功');
      await lines.refetch();
      onSaved();
    } catch (err) {
      // items.2.childId → the line's field
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

  return (
    <Card
      variant="borderless"
      title="BOM明细（本层）"
      extra={
        editable && (
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={save}>
            保存
          </Button>
        )
      }
    >
      <LoadState query={lines} title="BOM明细" rows={4} />
      <Form form={form} name="bomLines" disabled={!editable} hidden={lines.isPending || lines.isError}>
        <Form.List name="items">
          {(fields, { add, remove, move }) => {
            // a line moves with its sort number swapped, so the saved order is the order shown
            const swap = (i: number, j: number) => {
              const a = form.getFieldValue(['items', i, 'sort']);
              form.setFieldValue(['items', i, 'sort'], form.getFieldValue(['items', j, 'sort']));
              form.setFieldValue(['items', j, 'sort'], a);
              move(i, j);
            };
            const columns: TableColumnsType<(typeof fields)[number]> = [
              { key: 'no', title: '序号', width: 60, render: (_, __, i) => i + 1 },
              {
                key: 'childId',
                title: '子件物料',
                width: 260,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'childId']}
                    rules={[{ required: true, message: '请选择子件物料' }]}
                    style={{ marginBottom: 0 }}
                  >
                    <MaterialSelect
                      placeholder="请选择子件物料"
                      exclude={[parent.materialId]}
                      knownOptions={(() => {
                        const id = form.getFieldValue(['items', f.name, 'childId']) as number | undefined;
                        const known = id ? lines.data?.find((l) => l.materialId === id) : undefined;
                        return known ? [{ value: known.materialId, label: known.name }] : undefined;
                      })()}
                      onChange={(value, option) => {
                        const row = (
                          option as { row?: ChildInfo & { mainUnitName?: string | null } } | undefined
                        )?.row;
                        if (row && typeof value === 'number')
                          setInfo((m) =>
                            new Map(m).set(value, {
                              code: row.code,
                              specifications: row.specifications,
                              unitName: row.mainUnitName ?? null,
                              materialType: row.materialType,
                            }),
                          );
                      }}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'code',
                title: '物料编码 / 规格型号',
                width: 220,
                render: (_, f) => {
                  const c = info.get(form.getFieldValue(['items', f.name, 'childId']));
                  return c ? (
                    <Flex vertical>
                      <Typography.Text>{c.code}</Typography.Text>
                      <Typography.Text type="secondary">{c.specifications ?? EMPTY_CELL}</Typography.Text>
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
                  const c = info.get(form.getFieldValue(['items', f.name, 'childId']));
                  return c ? <EnumCell value={c.materialType} enumDecl={materialType} /> : EMPTY_CELL;
                },
              },
              {
                key: 'quantity',
                title: '用量',
                width: 150,
                render: (_, f) => {
                  const c = info.get(form.getFieldValue(['items', f.name, 'childId']));
                  return (
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
                        placeholder="请输入用量"
                        min={0}
                        max={1_000_000_000}
                        style={{ width: '100%' }}
                        suffix={c?.unitName ?? undefined}
                      />
                    </Form.Item>
                  );
                },
              },
              {
                key: 'lossRate',
                title: '损耗率',
                width: 120,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'lossRate']} style={{ marginBottom: 0 }}>
                    <InputNumber placeholder="0" min={0} max={100} suffix="%" style={{ width: '100%' }} />
                  </Form.Item>
                ),
              },
              {
                key: 'sort',
                title: '排序',
                width: 90,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'sort']} style={{ marginBottom: 0 }}>
                    <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                ),
              },
              {
                key: 'remark',
                title: '备注',
                width: 180,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'remark']} style={{ marginBottom: 0 }}>
                    <Input placeholder="请输入备注" maxLength={200} />
                  </Form.Item>
                ),
              },
              ...(editable
                ? [
                    {
                      key: '__actions',
                      title: '操作',
                      width: 120,
                      fixed: 'right' as const,
                      render: (_: unknown, f: (typeof fields)[number], i: number) => (
                        <RowOrderActions
                          index={i}
                          count={fields.length}
                          onMove={swap}
                          onRemove={() => remove(f.name)}
                        />
                      ),
                    },
                  ]
                : []),
            ];
            return (
              <Flex vertical gap={12}>
                <Table
                  rowKey="key"
                  size="small"
                  columns={columns}
                  dataSource={fields}
                  pagination={false}
                  scroll={{ x: 1290 }}
                  locale={{ emptyText: '暂无子件，点击“添加子件”开始' }}
                  onRow={() => ({ style: { verticalAlign: 'top' } })}
                />
                {editable && (
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => {
                      const items: Item[] = form.getFieldValue('items') ?? [];
                      const next = items.reduce((m, i) => Math.max(m, i?.sort ?? 0), 0) + STEP;
                      add({ quantity: 1, lossRate: 0, sort: next });
                    }}
                  >
                    添加子件
                  </Button>
                )}
                <Typography.Text type="secondary">
                  排序号从小到大排列；上移、下移会交换排序号。保存时本层明细整体替换，任一行有误则都不保存。
                </Typography.Text>
              </Flex>
            );
          }}
        </Form.List>
      </Form>
    </Card>
  );
}

/** /information/materials-info/edit-bom/:id: one product's BOM level, and the whole tree below it. */
export default function EditBom() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const tree = useQuery({
    queryKey: bomTreeKey(id),
    queryFn: ({ signal }) => api.get<BomNode[]>(bomPaths.tree, { id }, { signal }),
    enabled: valid,
  });
  const root = tree.data?.[0];
  if (!valid) return <Result status="404" title="物料不存在" extra={<Link to={LIST}>返回物料清单</Link>} />;
  return (
    <Flex vertical gap={16}>
      <LoadState query={tree} title="BOM" rows={3} />
      {root && (
        <>
          <Card variant="borderless">
            <Flex align="center" gap={12} style={{ marginBottom: 12 }}>
              <Button
                type="text"
                icon={<ArrowLeftOutlined />}
                aria-label="返回物料清单"
                onClick={() => navigate(LIST)}
              />
              <Typography.Title level={5} style={{ margin: 0 }}>
                {root.name}
              </Typography.Title>
              <EnumCell value={root.materialType} enumDecl={materialType} />
            </Flex>
            <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} colon={false}>
              <Descriptions.Item label="物料编码">{root.code}</Descriptions.Item>
              <Descriptions.Item label="规格型号">{root.specifications ?? EMPTY_CELL}</Descriptions.Item>
              <Descriptions.Item label="单位">{root.unitName ?? EMPTY_CELL}</Descriptions.Item>
              <Descriptions.Item label="子项">
                {tree.data && tree.data.length > 1
                  ? `${tree.data.filter((n) => n.level === 1).length} 个直接子件，共 ${tree.data.length - 1} 个子项`
                  : '尚未建立BOM'}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <LinesEditor
            parent={root}
            onSaved={() => void client.invalidateQueries({ queryKey: bomTreeKey(id) })}
          />
          <BomTree materialId={id} title="BOM结构（多级展开）" />
        </>
      )}
    </Flex>
  );
}
