import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { checkItemEntity, taskEntities } from '@factory/shared/entities/equipmentTask';
import { userEntity } from '@factory/shared/entities/user';
import { allowedActions } from '@factory/shared/machines/define';
import { TASK_KINDS, taskMachines } from '@factory/shared/machines/equipmentTask';
import { Col, Form, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import type { ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useLogButton } from '../../platform/machine/LogButton.tsx';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions, useTenantFlags } from '../../platform/machine/useMachineActions.tsx';
import { usePermission } from '../../platform/usePermission.ts';
import { billHref, type CheckTask } from './TaskParts.ts';

const ITEMS = entityEndpoints(checkItemEntity).list;
const USERS = entityEndpoints(userEntity).list;

/** Only a pending task added by hand is deleted (a plan's would not come again: skip or void it). */
export const billDeletable = (t: CheckTask) => t.planId === null && t.status === 1;

/** A task added by hand: its check items (of the list's kind) and who does it, beyond the declared fields. */
export function billFormItems(kind: number) {
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="itemIds" label="检查项目" rules={[{ required: true, message: '请选择检查项目' }]}>
          <RemoteSelect
            endpoint={ITEMS}
            mode="multiple"
            allowClear
            placeholder="请选择检查项目"
            filters={[{ fieldName: 'kind', operator: 'eq', fieldValue: kind }]}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="assigneeIds" label="执行人" extra="不选则派给该设备的设备员（我的设备）">
          <RemoteSelect endpoint={USERS} mode="multiple" allowClear placeholder="请选择执行人" />
        </Form.Item>
      </Col>
    </>
  );
}

/**
 * The tasks of one kind (点检 / 巡检 / 保养工单): made by the plans, or added by hand with the items
 * and people chosen; 开始执行, 跳过 and 作废 here, 执行 (filling in the results) on the task's page.
 */
export function BillList({ kind }: { kind: number }) {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const machine = taskMachines[kind];
  const can = usePermission();
  const flags = useTenantFlags();
  const actions = useMachineActions<CheckTask, string>(machine, undefined, reload);
  const log = useLogButton<CheckTask>(machine, (t) => t.code ?? '');
  const columns = useMemo<Partial<Record<string, ColumnOverride<CheckTask>>>>(
    () => ({
      ...stateColumns<CheckTask>(machine),
      ngItemCount: {
        render: (v) =>
          Number(v) > 0 ? <Typography.Text type="danger">{String(v)}</Typography.Text> : String(v ?? 0),
      },
      isOnTime: {
        render: (v) =>
          v === null || v === undefined ? (
            ''
          ) : v ? (
            '是'
          ) : (
            <Typography.Text type="warning">否</Typography.Text>
          ),
      },
    }),
    [machine],
  );
  const rowActions: RowAction<CheckTask>[] = [
    {
      key: 'execute',
      label: '执行',
      action: 'Finish',
      visible: (t) => allowedActions(machine, t, can, flags).includes('finish'),
      onClick: (t) => navigate(billHref(kind, t.id)),
    },
    { key: 'detail', label: '详情', action: 'Detail', onClick: (t) => navigate(billHref(kind, t.id)) },
    ...actions.rowActions,
    ...log.rowActions,
  ];
  return (
    <>
      <CrudPage
        ref={list}
        entity={taskEntities[kind]}
        title={TASK_KINDS[kind].label}
        columns={columns}
        rowActions={rowActions}
        maxRowActions={3}
        canDelete={billDeletable}
        formItems={() => billFormItems(kind)}
      />
      {actions.holder}
      {log.drawer}
    </>
  );
}

/** /equipment/all-assign/point-bills-list: 点检工单. */
export default function PointBillList() {
  return <BillList kind={0} />;
}

/** /equipment/all-assign/inspection-bills-list: 巡检工单. */
export function InspectionBillList() {
  return <BillList kind={1} />;
}

/** /equipment/all-assign/maintenance-bills-list: 保养工单. */
export function MaintenanceBillList() {
  return <BillList kind={2} />;
}
