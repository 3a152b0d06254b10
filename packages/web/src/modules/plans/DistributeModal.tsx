import { ErrorCode } from '@factory/shared/api/errors';
import { userApi } from '@factory/shared/api/user';
import {
  type DistributeBody,
  MAX_OPERATORS,
  type TaskRow,
  workOrderApi,
} from '@factory/shared/api/workOrder';
import { processType, taskStatus } from '@factory/shared/enums';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Checkbox, Flex, Table, type TableColumnType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { LoadState } from '../../platform/LoadState.tsx';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { StateTag } from '../../platform/machine/StateTags.tsx';
import { ApiError } from '../../platform/request.ts';
import { useSubmit } from '../../platform/useSubmit.ts';

const { Text } = Typography;

/** The work order being distributed, as it was read (its version guards the call). */
export interface DistributeTarget {
  id: number;
  version: number;
  code: string;
}

/** What the dialog chose for one task. */
export interface TaskChoice {
  stationIds: number[];
  userIds: number[];
}

/** The cache key of a work order's tasks, shared by the detail page so either reloads the other. */
export const tasksQueryKey = (workOrderId: number) => [workOrderApi.tasks.path, workOrderId];

/** Completed and force-ended tasks keep what they were given: their controls are read-only. */
const isOpen = (t: TaskRow) => t.status === 0 || t.status === 1;
const IN_HOUSE = 0;

/**
 * A task's starting choice: its current distribution, or the step's only station when it has
 * one, so a line with one station per step is distributed by choosing operators alone.
 */
export function initialChoice(t: TaskRow): TaskChoice {
  const distributed = t.stations.filter((s) => s.distributed).map((s) => s.id);
  const only = t.stations.length === 1 && isOpen(t) ? [t.stations[0].id] : [];
  return { stationIds: distributed.length ? distributed : only, userIds: t.users.map((u) => u.id) };
}

/** Why the choices cannot be sent: every open in-house task needs a station (DOMAIN "Work order"). */
export function distributeFaults(tasks: readonly TaskRow[], choiceOf: (t: TaskRow) => TaskChoice): string[] {
  return tasks
    .filter((t) => isOpen(t) && t.processType === IN_HOUSE && choiceOf(t).stationIds.length === 0)
    .map((t) => `第${t.seq}道工序“${t.procedureName}”请选择工位`);
}

/** The distribute call's body: every task with its stations and operators, at the version read. */
export function distributeBody(
  target: DistributeTarget,
  tasks: readonly TaskRow[],
  choiceOf: (t: TaskRow) => TaskChoice,
): DistributeBody {
  return {
    id: target.id,
    version: target.version,
    tasks: tasks.map((t) => ({ taskId: t.id, ...choiceOf(t) })),
  };
}

/**
 * 派工: per task, the stations (among those its step allows) and the operators, sent in one call.
 * `onChanged` follows a distribution, and also a refusal because someone changed the work order
 * since it was read (the request client has said so): either way the caller closes and reloads.
 */
export function DistributeModal({
  open,
  workOrder,
  onClose,
  onChanged,
}: {
  open: boolean;
  workOrder?: DistributeTarget;
  onClose(): void;
  onChanged(): void;
}) {
  const { message } = App.useApp();
  const id = workOrder?.id ?? 0;
  const query = useQuery({
    queryKey: tasksQueryKey(id),
    queryFn: ({ signal }) => call(workOrderApi.tasks, { workOrderId: id }, { signal }),
    enabled: open && id > 0,
  });
  const tasks = query.data ?? [];
  const [edited, setEdited] = useState<Record<number, TaskChoice>>({});
  const [tried, setTried] = useState(false);
  const { saving, run } = useSubmit();
  const choiceOf = (t: TaskRow) => edited[t.id] ?? initialChoice(t);
  const change = (t: TaskRow, part: Partial<TaskChoice>) =>
    setEdited((e) => ({ ...e, [t.id]: { ...choiceOf(t), ...part } }));
  // faults show once 确定 was pressed, then follow the choices as they are mended
  const faults = tried ? distributeFaults(tasks, choiceOf) : [];

  // the next opening starts from the work order as it then stands
  const leave = (then: () => void) => {
    setEdited({});
    setTried(false);
    then();
  };
  const submit = async () => {
    if (!workOrder || !query.data) return;
    setTried(true);
    if (distributeFaults(tasks, choiceOf).length) return;
    await run(async () => {
      try {
        await call(workOrderApi.distribute, distributeBody(workOrder, tasks, choiceOf));
        message.success('派工成功');
        leave(onChanged);
      } catch (err) {
        if (err instanceof ApiError && err.code === ErrorCode.reload) leave(onChanged);
        throw err;
      }
    });
  };

  const columns: TableColumnType<TaskRow>[] = [
    {
      key: 'procedure',
      title: '工序',
      width: 150,
      render: (_, t) => (
        <Flex vertical gap={2}>
          <Text strong>{`${t.seq}. ${t.procedureName}`}</Text>
          <Flex gap={4} wrap>
            <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
              {processType.label(t.processType)}
            </Tag>
            <StateTag value={t.status} enumDecl={taskStatus} />
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'stations',
      title: '工位',
      render: (_, t) => {
        if (!t.stations.length)
          return (
            <Text type="secondary">{t.processType === IN_HOUSE ? '该工序没有可用工位' : '委外工序'}</Text>
          );
        const missing = faults.length > 0 && distributeFaults([t], choiceOf).length > 0;
        return (
          <Flex vertical gap={4}>
            <Checkbox.Group
              disabled={!isOpen(t)}
              value={choiceOf(t).stationIds}
              options={t.stations.map((s) => ({ value: s.id, label: s.name }))}
              onChange={(ids) => change(t, { stationIds: ids })}
            />
            {missing && <Text type="danger">请选择工位</Text>}
          </Flex>
        );
      },
    },
    {
      key: 'users',
      title: '人员',
      width: 260,
      render: (_, t) => (
        <RemoteSelect
          endpoint={userApi.select}
          mode="multiple"
          allowClear
          style={{ width: '100%' }}
          placeholder="请选择人员"
          disabled={!isOpen(t)}
          maxCount={MAX_OPERATORS}
          knownOptions={t.users.map((u) => ({ value: u.id, label: u.name }))}
          value={choiceOf(t).userIds}
          onChange={(v) => change(t, { userIds: Array.isArray(v) ? v.map(Number) : [] })}
        />
      ),
    },
  ];

  return (
    <AppModal
      open={open}
      width={960}
      title={workOrder ? `派工 — ${workOrder.code}` : '派工'}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: !query.data }}
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => leave(onClose)}
    >
      <LoadState query={query} title="工序任务" rows={4}>
        {() => (
          <Flex vertical gap={12}>
            <Text type="secondary">
              为每道工序选择可执行的工位与人员；自制工序至少选择一个工位，派工后工位终端即可看到该工单。
            </Text>
            {faults.length > 0 && (
              <Alert
                type="error"
                showIcon
                title={
                  <Flex vertical>
                    {faults.map((f) => (
                      <span key={f}>{f}</span>
                    ))}
                  </Flex>
                }
              />
            )}
            <Table<TaskRow>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={tasks}
              pagination={false}
              locale={{ emptyText: '该工单没有工序任务' }}
            />
          </Flex>
        )}
      </LoadState>
    </AppModal>
  );
}
