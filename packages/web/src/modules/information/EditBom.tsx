import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { bomApi } from '@factory/shared/api/materials';
import { materialType } from '@factory/shared/enums';
import { routeHref } from '@factory/shared/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Result, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadState } from '../../platform/LoadState.tsx';
import { LinesEditor } from '../../platform/lines/LinesEditor.tsx';
import { filled, type LineColumn, moveLine } from '../../platform/lines/lines.ts';
import { type MaterialInfo, materialColumns, quantityColumn } from '../../platform/lines/materialColumns.tsx';
import { useLines } from '../../platform/lines/useLines.ts';
import { EMPTY_CELL, EnumCell } from '../../platform/list/columns.tsx';
import { usePermission } from '../../platform/usePermission.ts';
import { BomTree, bomTreeKey } from './BomTree.tsx';
import { type BomLine, type BomNode, bom } from './bomApi.ts';

type Item = {
  childId?: number;
  child?: MaterialInfo;
  quantity?: number;
  lossRate?: number;
  sort?: number;
  remark?: string;
};

const LIST = routeHref('materialsSettingList');
const STEP = 10;

const itemOf = (l: BomLine): Item => ({
  childId: l.materialId,
  child: l,
  quantity: l.quantity,
  lossRate: l.lossRate,
  sort: l.sort,
  remark: l.remark ?? undefined,
});

/** A line moves with its sort number swapped, so the saved order is the order shown. */
function swapSort(items: readonly Item[], from: number, to: number): Item[] {
  const next = [...items];
  next[from] = { ...items[from], sort: items[to].sort };
  next[to] = { ...items[to], sort: items[from].sort };
  return moveLine(next, from, to);
}

function bomColumns(parentId: number): LineColumn<Item>[] {
  return [
    ...materialColumns<Item>({
      key: 'childId',
      info: 'child',
      title: '子件物料',
      exclude: [parentId],
      width: 260,
    }),
    quantityColumn<Item>({ info: 'child' }),
    {
      key: 'lossRate',
      title: '损耗率',
      width: 120,
      editor: { kind: 'number', min: 0, max: 100, placeholder: '0', suffix: () => '%' },
    },
    {
      key: 'sort',
      title: '排序',
      width: 90,
      editor: { kind: 'number', min: 0, max: 100_000, precision: 0 },
    },
    {
      key: 'remark',
      title: '备注',
      width: 180,
      editor: { kind: 'text', maxLength: 200, placeholder: '请输入备注' },
    },
  ];
}

/** The first level of one product's BOM, edited as a whole and saved in one call (replace-all). */
function BomLinesCard({ parent, onSaved }: { parent: BomNode; onSaved(): void }) {
  const can = usePermission();
  const editable = can('materialsSettingList', 'Modify') || can('materialsSettingList', 'Add');
  const columns = useMemo(() => bomColumns(parent.materialId), [parent.materialId]);
  const { setLines, saving, save, editor } = useLines(columns, 'items');
  const lines = useQuery({
    queryKey: [bomApi.lines.path, parent.materialId],
    queryFn: ({ signal }) => bom.lines({ parentId: parent.materialId }, { signal }),
  });

  useEffect(() => {
    if (lines.data) setLines(lines.data.map(itemOf));
  }, [lines.data, setLines]);

  const onSave = async () => {
    const saved = await save((items) =>
      bom.save({
        parentId: parent.materialId,
        items: items.map((line) => {
          const i = filled(line, 'childId', 'quantity');
          return {
            childId: i.childId,
            quantity: i.quantity,
            lossRate: i.lossRate ?? 0,
            sort: i.sort ?? 0,
            remark: i.remark?.trim() || null,
          };
        }),
      }),
    );
    if (!saved) return;
    await lines.refetch();
    onSaved();
  };

  return (
    <Card
      variant="borderless"
      title="BOM明细（本层）"
      extra={
        editable && (
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={onSave}>
            保存
          </Button>
        )
      }
    >
      <LoadState query={lines} title="BOM明细" rows={4} />
      {lines.isSuccess && (
        <Flex vertical gap={12}>
          <LinesEditor
            id="bomLines"
            {...editor}
            newLine={(all) => ({
              quantity: 1,
              lossRate: 0,
              sort: all.reduce((m, i) => Math.max(m, i.sort ?? 0), 0) + STEP,
            })}
            move={swapSort}
            disabled={!editable}
            addLabel="添加子件"
            emptyText="暂无子件，点击“添加子件”开始"
          />
          <Typography.Text type="secondary">
            排序号从小到大排列；上移、下移（Alt+↑/↓）会交换排序号。可从Excel复制“物料编码、用量、损耗率……”多行，粘贴到子件物料格中。保存时本层明细整体替换，任一行有误则都不保存。
          </Typography.Text>
        </Flex>
      )}
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
    queryFn: ({ signal }) => bom.tree({ id }, { signal }),
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
          <BomLinesCard
            parent={root}
            onSaved={() => void client.invalidateQueries({ queryKey: bomTreeKey(id) })}
          />
          <BomTree materialId={id} title="BOM结构（多级展开）" />
        </>
      )}
    </Flex>
  );
}
