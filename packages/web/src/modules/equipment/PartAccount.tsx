import type { RowOf } from '@factory/shared/entities/schema';
import { sparePartEntity } from '@factory/shared/entities/sparePart';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import type { ColumnOverride, RowAction } from '../../platform/list/types.ts';
import { sparePartHref } from './PartUsages.tsx';

type SparePart = RowOf<typeof sparePartEntity>;

/** Below its safety stock: time to buy. */
const isLow = (p: SparePart) => p.lowerLimit !== null && (p.stockQuantity ?? 0) < p.lowerLimit;

/**
 * /equipment/spare-part-infos/part-account: the spare-part account (备件台账) — which materials are
 * spare parts, for which equipment class, their replacement cycle and safety stock, and their stock
 * in the 备件仓 (red below the safety stock) and what has been used; each part opens its page.
 */
export default function PartAccount() {
  const navigate = useNavigate();
  const columns = useMemo<Partial<Record<string, ColumnOverride<SparePart>>>>(
    () => ({
      materialsName: { render: (_v, p) => <Link to={sparePartHref(p)}>{p.materialsName}</Link> },
      stockQuantity: {
        render: (_v, p) => (
          <Typography.Text type={isLow(p) ? 'danger' : undefined}>
            {formatNumber(p.stockQuantity)}
          </Typography.Text>
        ),
      },
    }),
    [],
  );
  const rowActions: RowAction<SparePart>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (p) => navigate(sparePartHref(p)) },
  ];
  return <CrudPage entity={sparePartEntity} title="备件台账" columns={columns} rowActions={rowActions} />;
}
