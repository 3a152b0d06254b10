import { SaveOutlined } from '@ant-design/icons';
import { type PlanMaterial, type PlanMaterialBody, producePlanApi } from '@factory/shared/api/producePlan';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { producePlanEntity } from '@factory/shared/entities/producePlan';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { AppDrawer } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { LoadState } from '../../platform/LoadState.tsx';
import { LinesEditor } from '../../platform/lines/LinesEditor.tsx';
import { filled, type LineColumn } from '../../platform/lines/lines.ts';
import { type MaterialInfo, materialColumns, quantityColumn } from '../../platform/lines/materialColumns.tsx';
import { useLines } from '../../platform/lines/useLines.ts';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { usePermission } from '../../platform/usePermission.ts';

/** A material line as the editor holds it. */
export type MaterialItem = {
  materialId?: number;
  material?: MaterialInfo;
  procedureId?: number | null;
  procedureName?: string | null;
  requiredQuantity?: number;
  issuedQuantity?: number;
  remark?: string;
};

const PLANS = entityEndpoints(producePlanEntity);
/** Plans not released yet (未下达): their materials may still change. */
export const UNRELEASED: readonly number[] = [0, 2];

export const itemOf = (m: PlanMaterial): MaterialItem => ({
  materialId: m.materialId,
  material: {
    code: m.code,
    name: m.name,
    specifications: m.specifications,
    unitName: m.unitName,
    materialType: null,
  },
  procedureId: m.procedureId,
  procedureName: m.procedureName,
  requiredQuantity: m.requiredQuantity,
  issuedQuantity: m.issuedQuantity,
  remark: m.remark ?? undefined,
});

/** A line as `updateProduceWorkOrderPlanMaterials` takes it. */
export function materialBody(line: MaterialItem): PlanMaterialBody {
  const l = filled(line, 'materialId', 'requiredQuantity');
  return {
    materialId: l.materialId,
    procedureId: l.procedureId ?? null,
    requiredQuantity: l.requiredQuantity,
    remark: l.remark?.trim() || null,
  };
}

const COLUMNS: LineColumn<MaterialItem>[] = [
  ...materialColumns<MaterialItem>({ key: 'materialId', info: 'material', width: 240 }),
  quantityColumn<MaterialItem>({
    key: 'requiredQuantity',
    info: 'material',
    title: '需求数量',
    placeholder: '请输入需求数量',
  }),
  {
    key: 'procedureName',
    title: '消耗工序',
    width: 110,
    editor: { kind: 'view', render: (l) => l.procedureName ?? EMPTY_CELL },
  },
  {
    key: 'issuedQuantity',
    title: '已发数量',
    width: 100,
    editor: { kind: 'view', render: (l) => formatNumber(l.issuedQuantity ?? 0) },
  },
  {
    key: 'remark',
    title: '备注',
    width: 160,
    editor: { kind: 'text', maxLength: 200, placeholder: '请输入备注' },
  },
];

/**
 * 用料: a plan's materials (the BOM exploded for its quantity), edited as a whole before release
 * and saved with the version of the plan as read now, so an edit over someone else's is refused.
 */
export function PlanMaterialsDrawer({
  plan,
  open,
  onClose,
}: {
  plan?: { id: number; code: string | null };
  open: boolean;
  onClose(): void;
}) {
  const can = usePermission();
  const client = useQueryClient();
  const planId = plan?.id;
  const detail = useQuery({
    queryKey: [PLANS.detail.path, planId],
    queryFn: ({ signal }) => call(PLANS.detail, { id: planId ?? 0 }, { signal }),
    enabled: open && planId !== undefined,
  });
  const materials = useQuery({
    queryKey: [producePlanApi.materials.path, planId],
    queryFn: ({ signal }) => call(producePlanApi.materials, { planId: planId ?? 0 }, { signal }),
    enabled: open && planId !== undefined,
  });
  const columns = useMemo(() => COLUMNS, []);
  const { setLines, saving, save, editor } = useLines(columns, 'items');
  useEffect(() => {
    if (materials.data) setLines(materials.data.map(itemOf));
  }, [materials.data, setLines]);

  const current = detail.data;
  const released = !!current && !UNRELEASED.includes(current.scheduleStatus ?? -1);
  const editable = !!current && !released && can(producePlanEntity.route, 'Modify');

  const onSave = async () => {
    if (!current) return;
    const saved = await save((items) =>
      call(producePlanApi.editMaterials, {
        planId: current.id,
        version: current.version,
        items: items.map(materialBody),
      }),
    );
    if (!saved) return;
    await client.invalidateQueries({ queryKey: [PLANS.detail.path, current.id] });
    await materials.refetch();
  };

  return (
    <AppDrawer
      open={open}
      size={1000}
      title={plan ? `计划用料 — ${plan.code ?? ''}` : '计划用料'}
      onClose={onClose}
      extra={
        editable && (
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={onSave}>
            保存
          </Button>
        )
      }
    >
      <LoadState query={materials} title="计划用料" rows={6} />
      {materials.isSuccess && (
        <Flex vertical gap={12}>
          {released && <Alert type="info" showIcon title="计划已下达，用料不能修改；如需修改请先撤回" />}
          <LinesEditor
            id="planMaterials"
            {...editor}
            newLine={() => ({ procedureId: null })}
            copyLine={(l) => ({ ...l, issuedQuantity: 0 })}
            reorder={false}
            disabled={!editable}
            addLabel="添加物料"
            emptyText="暂无用料"
          />
          {editable && (
            <Typography.Text type="secondary">
              保存时整单替换；可从Excel复制“物料编码、需求数量”多行，粘贴到物料格中。
            </Typography.Text>
          )}
        </Flex>
      )}
    </AppDrawer>
  );
}
