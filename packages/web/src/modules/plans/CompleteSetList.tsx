import { CalculatorOutlined } from '@ant-design/icons';
import { warehouseApi } from '@factory/shared/api/warehouse';
import { kittingEntity } from '@factory/shared/entities/kitting';
import type { RowOf } from '@factory/shared/entities/schema';
import { routeHref } from '@factory/shared/routes';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppDrawer } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import type { ColumnOverride, RowAction, ToolbarAction } from '../../platform/list/types.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { KittingResultView } from './KittingResultView.tsx';

type Kitting = RowOf<typeof kittingEntity>;

const DRAWER_WIDTH = 1200;

/** A saved analysis as it was calculated, in a drawer over the list. */
export function KittingDrawer({
  kitting,
  open,
  onClose,
}: {
  kitting?: Kitting;
  open: boolean;
  onClose(): void;
}) {
  const id = kitting?.id;
  const query = useQuery({
    queryKey: [warehouseApi.kittingResult.path, id],
    queryFn: ({ signal }) => call(warehouseApi.kittingResult, { id: id ?? 0 }, { signal }),
    enabled: open && id !== undefined,
  });
  return (
    <AppDrawer
      open={open}
      size={DRAWER_WIDTH}
      title={`齐套分析 — ${kitting?.code ?? ''}`}
      onClose={onClose}
      styles={{ body: { background: 'var(--ant-color-bg-layout)', padding: 16 } }}
    >
      <LoadState query={query} title="齐套分析" rows={8} />
      {query.data && (
        <KittingResultView
          result={query.data}
          title={kitting?.remark ? `齐套结果（${kitting.remark}）` : '齐套结果'}
        />
      )}
    </AppDrawer>
  );
}

/**
 * /plans/complete-set-list (齐套分析): the analyses saved from 齐套计算, searchable, sortable and
 * exportable; 详情 shows one as it was calculated, 删除 asks first. 齐套计算 opens the calculation.
 */
export default function CompleteSetList() {
  const navigate = useNavigate();
  const can = usePermission();
  const [shown, setShown] = useState<{ kitting?: Kitting; open: boolean }>({ open: false });
  const open = (k: Kitting) => setShown({ kitting: k, open: true });
  const canDetail = can(kittingEntity.route, 'Detail');

  const columns = useMemo<Partial<Record<string, ColumnOverride<Kitting>>>>(
    () => ({
      // the code opens the detail too, where 详情 is allowed
      code: {
        render: (v, k) =>
          canDetail ? (
            <Typography.Link onClick={() => setShown({ kitting: k, open: true })}>
              {String(v ?? '')}
            </Typography.Link>
          ) : (
            String(v ?? '')
          ),
      },
      // room for the title beside its sort arrows
      planCount: { align: 'right', width: 90 },
      kittedCount: {
        align: 'right',
        width: 120,
        render: (v, k) => `${formatNumber(v)} / ${formatNumber(k.planCount)}`,
      },
      shortMaterialCount: {
        align: 'right',
        width: 120,
        render: (v) =>
          Number(v) > 0 ? (
            <Typography.Text type="danger" strong>
              {formatNumber(v)}
            </Typography.Text>
          ) : (
            formatNumber(v)
          ),
      },
    }),
    [canDetail],
  );
  const rowActions: RowAction<Kitting>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: open },
  ];
  // the entity has no add call of its own: the calculation page saves analyses
  const toolbar: ToolbarAction[] = can(kittingEntity.route, 'Add')
    ? [
        {
          key: 'calculate',
          label: '齐套计算',
          primary: true,
          icon: <CalculatorOutlined />,
          onClick: () => navigate(routeHref('completeSetAdd')),
        },
      ]
    : [];

  return (
    <>
      <CrudPage entity={kittingEntity} columns={columns} rowActions={rowActions} toolbar={toolbar} />
      <KittingDrawer
        kitting={shown.kitting}
        open={shown.open}
        onClose={() => setShown((s) => ({ ...s, open: false }))}
      />
    </>
  );
}
