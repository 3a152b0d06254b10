import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { equipmentFaultEntity, equipmentRepairEntity } from '@factory/shared/entities/equipmentRepair';
import { equipmentRepairMachine } from '@factory/shared/machines/equipment';
import { Button, Card, Flex, Tabs } from 'antd';
import { useCallback, useState } from 'react';
import { DetailFields } from '../../platform/DetailFields.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import {
  logTab,
  OrderFigures,
  OrderHead,
  OrderNotFound,
  useOrderDetail,
} from '../../platform/OrderDetail.tsx';
import { useSession } from '../../platform/session.ts';
import { useDispatchRepair } from './DispatchRepairModal.tsx';
import { FinishRepairModal } from './FinishRepairModal.tsx';
import { ApplyPartsButton } from './PartApplyForm.tsx';
import { PartUsageTable, usePartUsages } from './PartUsages.tsx';
import { type EquipmentRepair, FAULT_LIST_HREF, offeredTo, REPAIR_LIST_HREF } from './repairParts.ts';

/** Shown in the heading or the figures, not among the plain fields. */
const APART = ['code', 'status', 'repairMinutes', 'downtimeMinutes'];
/** Taken and under repair: parts may be asked for (申请备件). */
const IN_REPAIR = [3, 4];

const minutes = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatNumber(v));

/**
 * A repair order's page, from the repair list (维修工单详情) or the fault list (故障报修详情, read
 * through the fault report's own call so a reporter needs no repair keys): its state and the
 * actions allowed now (审核派工, 改派 and 维修完工 open their dialogs), who may take it (指派人员), the times it took, the report and the repair,
 * the spare parts used and the trail.
 */
function RepairPage({ asFault }: { asFault: boolean }) {
  const entity = asFault ? equipmentFaultEntity : equipmentRepairEntity;
  const listHref = asFault ? FAULT_LIST_HREF : REPAIR_LIST_HREF;
  const title = asFault ? '故障报修' : '维修工单';
  const user = useSession((s) => s.user);
  const offered = useCallback(
    (action: string, r: Pick<EquipmentRepair, 'repairerIds' | 'dispatchedIds'>) => offeredTo(action, r, user),
    [user],
  );
  const detail = entityEndpoints(entity).detail;
  // nothing else follows a repair by its id: the order is its own trace (one query, the same key)
  const { id, valid, query, order, reload, actions, allowed } = useOrderDetail(
    equipmentRepairMachine,
    detail,
    detail,
    offered,
  );
  const parts = usePartUsages({ sourceType: 0, sourceId: id }, valid);
  const [finishing, setFinishing] = useState(false);
  const dispatch = useDispatchRepair<EquipmentRepair & { version: number }>(reload);
  if (!valid) return <OrderNotFound title={title} listHref={listHref} />;
  const repair = order as (EquipmentRepair & typeof order) | undefined;
  const used = parts.rows;
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title={title} />
      {repair && (
        <>
          <OrderHead
            machine={equipmentRepairMachine}
            order={repair}
            title={title}
            listHref={listHref}
            codeLabel="维修单号"
            primary={
              <>
                {dispatch.buttons(repair)}
                {IN_REPAIR.includes(repair.status ?? 0) && (
                  <ApplyPartsButton source={{ sourceType: 0, sourceCode: repair.code ?? '' }} />
                )}
                {allowed.includes('finish') && (
                  <Button type="primary" onClick={() => setFinishing(true)}>
                    维修完工
                  </Button>
                )}
              </>
            }
            actions={actions.buttons}
          />
          <OrderFigures
            items={[
              { key: 'repair', title: '维修时长(分钟)', value: minutes(repair.repairMinutes) },
              { key: 'down', title: '停机时长(分钟)', value: minutes(repair.downtimeMinutes) },
              {
                key: 'parts',
                title: '更换备件(种)',
                value: used ? new Set(used.map((p) => p.materialsId)).size : '—',
              },
              { key: 'repairers', title: '维修人员', value: repair.repairerNames || EMPTY_CELL },
            ]}
          />
          <DetailFields
            entity={entity}
            row={repair}
            title="维修信息"
            omit={repair.status === 7 ? APART : [...APART, 'rejectReason']}
          />
          <Card variant="borderless">
            <Tabs
              items={[
                ...(parts.allowed
                  ? [
                      {
                        key: 'parts',
                        label: '更换备件',
                        children: <PartUsageTable rows={used} omit={['equipment', 'source']} />,
                      },
                    ]
                  : []),
                logTab(equipmentRepairMachine, repair.id),
              ]}
            />
          </Card>
          <FinishRepairModal
            repair={finishing ? repair : undefined}
            onClose={() => setFinishing(false)}
            onDone={() => {
              setFinishing(false);
              reload();
              parts.reload();
            }}
          />
          {actions.holder}
          {dispatch.holder}
        </>
      )}
    </Flex>
  );
}

/** /equipment/all-assign/equipment-repair-detail/:id */
export default function RepairDetail() {
  return <RepairPage asFault={false} />;
}

/** /equipment/all-assign/equipment-fault-detail/:id */
export function FaultDetail() {
  return <RepairPage asFault />;
}
