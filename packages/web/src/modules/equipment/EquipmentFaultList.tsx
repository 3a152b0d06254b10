import { equipmentFaultEntity } from '@factory/shared/entities/equipmentRepair';
import { equipmentRepairMachine } from '@factory/shared/machines/equipment';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions } from '../../platform/machine/useMachineActions.tsx';
import { useDispatchRepair } from './DispatchRepairModal.tsx';
import { type EquipmentFault, faultHref, isUntouched } from './repairParts.ts';

/**
 * /equipment/all-assign/equipment-fault-list: fault reports (故障报修) — 新增 to report a fault,
 * 修改 and 删除 while nobody has acted on it, 审核派工 (naming the repairers), 改派 and 驳回 for who
 * audits them.
 */
export default function EquipmentFaultList() {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const machine = useMachineActions<EquipmentFault, string>(equipmentRepairMachine, undefined, reload);
  const dispatch = useDispatchRepair<EquipmentFault>(reload);
  const columns = useMemo<Partial<Record<string, ColumnOverride<EquipmentFault>>>>(
    () => ({ ...stateColumns<EquipmentFault>(equipmentRepairMachine) }),
    [],
  );
  const rowActions: RowAction<EquipmentFault>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (r) => navigate(faultHref(r)) },
    ...dispatch.rowActions,
    ...machine.rowActions.filter((a) => a.key === 'machine-reject'),
  ];
  return (
    <>
      <CrudPage
        ref={list}
        entity={equipmentFaultEntity}
        title="故障报修"
        columns={columns}
        rowActions={rowActions}
        canModify={isUntouched}
        canDelete={isUntouched}
        maxRowActions={3}
        addValues={{ faultTime: new Date().toISOString() }}
      />
      {machine.holder}
      {dispatch.holder}
    </>
  );
}
