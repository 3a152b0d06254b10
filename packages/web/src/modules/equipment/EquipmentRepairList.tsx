import { equipmentRepairEntity } from '@factory/shared/entities/equipmentRepair';
import { allowedActions } from '@factory/shared/machines/define';
import { equipmentRepairMachine } from '@factory/shared/machines/equipment';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useLogButton } from '../../platform/machine/LogButton.tsx';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions, useTenantFlags } from '../../platform/machine/useMachineActions.tsx';
import { useSession } from '../../platform/session.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { useDispatchRepair } from './DispatchRepairModal.tsx';
import { FinishRepairModal } from './FinishRepairModal.tsx';
import { type EquipmentRepair, offeredTo, repairHref } from './repairParts.ts';

/**
 * /equipment/all-assign/equipment-repair-list: the repair orders (维修工单) — 审核派工 and 改派
 * (naming who may take it), 接单, 开始维修,
 * 维修完工 (reason, measures, spare parts), 验证 — as the state and the user's keys allow; 新增 is
 * the quick repair 快速维修 recorded done in one form.
 */
export default function EquipmentRepairList() {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const can = usePermission();
  const flags = useTenantFlags();
  const user = useSession((s) => s.user);
  const [finishing, setFinishing] = useState<EquipmentRepair>();
  const offered = useCallback((action: string, r: EquipmentRepair) => offeredTo(action, r, user), [user]);
  const machine = useMachineActions<EquipmentRepair, string>(
    equipmentRepairMachine,
    undefined,
    reload,
    offered,
  );
  const dispatch = useDispatchRepair<EquipmentRepair>(reload);
  const log = useLogButton<EquipmentRepair>(equipmentRepairMachine, (r) => r.code ?? '');
  const columns = useMemo<Partial<Record<string, ColumnOverride<EquipmentRepair>>>>(
    () => ({ ...stateColumns<EquipmentRepair>(equipmentRepairMachine) }),
    [],
  );
  const rowActions: RowAction<EquipmentRepair>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (r) => navigate(repairHref(r)) },
    {
      key: 'finish',
      label: '维修完工',
      action: 'Finish',
      visible: (r) =>
        allowedActions(equipmentRepairMachine, r, can, flags).includes('finish') &&
        offeredTo('finish', r, user),
      onClick: (r) => setFinishing(r),
    },
    ...dispatch.rowActions,
    ...machine.rowActions,
    ...log.rowActions,
  ];
  return (
    <>
      <CrudPage
        ref={list}
        entity={equipmentRepairEntity}
        title="维修工单"
        addLabel="快速维修"
        columns={columns}
        rowActions={rowActions}
        maxRowActions={3}
      />
      <FinishRepairModal
        repair={finishing}
        onClose={() => setFinishing(undefined)}
        onDone={() => {
          setFinishing(undefined);
          reload();
        }}
      />
      {machine.holder}
      {dispatch.holder}
      {log.drawer}
    </>
  );
}
