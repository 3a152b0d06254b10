import { inspectionItemEntity } from '@factory/shared/entities/quality';
import type { RowOf } from '@factory/shared/entities/schema';
import { useState } from 'react';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { RowAction } from '../../platform/list/types.ts';
import { SpcChartModal } from './SpcChart.tsx';

type Item = RowOf<typeof inspectionItemEntity>;

/**
 * /quality/quality-plan-info/inspection-project: inspection items (检验项目). Only a measured item
 * takes a standard value and limits, lower ≤ standard ≤ upper (the server says which is wrong).
 * SPC分析 opens the X̄–R chart of a measured key item's values.
 */
export default function InspectionItemList() {
  const [spcItem, setSpcItem] = useState<Item>();
  const rowActions: RowAction<Item>[] = [
    {
      key: 'spc',
      label: 'SPC分析',
      visible: (r) => r.valueType === 1 && !!r.isKey,
      onClick: (r) => setSpcItem(r),
    },
  ];
  return (
    <>
      <CrudPage entity={inspectionItemEntity} title="检验项目" suggestCode rowActions={rowActions} />
      <SpcChartModal item={spcItem} onClose={() => setSpcItem(undefined)} />
    </>
  );
}
