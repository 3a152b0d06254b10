import { type PlanMeterRow, planMeterApi } from '@factory/shared/api/equipmentTask';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import {
  inspectionPlanEntity,
  maintenancePlanEntity,
  taskEntities,
} from '@factory/shared/entities/equipmentTask';
import { checkKind, enableStatus } from '@factory/shared/enums';
import { taskMachines } from '@factory/shared/machines/equipmentTask';
import { routeHref } from '@factory/shared/routes';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Progress, Table, type TableColumnType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { DetailFields } from '../../platform/DetailFields.tsx';
import { DetailHeader } from '../../platform/DetailHeader.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { EMPTY_CELL, EnumCell } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { ListPage } from '../../platform/list/ListPage.tsx';
import type { ColumnOverride } from '../../platform/list/types.ts';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { OrderNotFound } from '../../platform/OrderDetail.tsx';
import { billHref, type CheckTask, planListHref } from './TaskParts.ts';

/** checkFrequency 5: by run hours. */
const RUN_HOURS = 5;

/** A plan's tasks, newest slot first; a row opens its task. */
function PlanTasks({ kind, planId }: { kind: number; planId: number }) {
  const navigate = useNavigate();
  const entity = taskEntities[kind];
  const columns = useMemo<Partial<Record<string, ColumnOverride<CheckTask>>>>(
    () => ({ ...stateColumns<CheckTask>(taskMachines[kind]) }),
    [kind],
  );
  return (
    <ListPage
      entity={entity}
      routeName={entity.route}
      endpoint={entityEndpoints(entity).listPage}
      title="计划工单"
      urlState={false}
      search={false}
      columns={columns}
      fixedFilters={[{ fieldName: 'planId', operator: 'eq', fieldValue: planId }]}
      onRowClick={(t) => navigate(billHref(kind, t.id))}
    />
  );
}

/**
 * 运行小时 of a plan by run hours: each machine's counter against the reading its next task comes
 * at, as a bar through the current interval.
 */
function PlanMeters({ upkeep, planId, interval }: { upkeep: boolean; planId: number; interval: number }) {
  const endpoint = upkeep ? planMeterApi.maintenance : planMeterApi.inspection;
  const meters = useQuery({
    queryKey: [endpoint.path, planId],
    queryFn: ({ signal }) => call(endpoint, { id: planId }, { signal }),
  });
  const columns: TableColumnType<PlanMeterRow>[] = [
    {
      key: 'equipment',
      title: '设备',
      width: 200,
      render: (_v, m) => (
        <Link to={routeHref('accountDetail', { id: m.equipmentId })}>
          {m.equipmentName}
          {m.equipmentCode ? `（${m.equipmentCode}）` : ''}
        </Link>
      ),
    },
    {
      key: 'runHours',
      title: '累计运行(小时)',
      align: 'right',
      width: 130,
      render: (_v, m) => (m.runHours === null ? '未接入' : formatNumber(m.runHours)),
    },
    {
      key: 'nextHours',
      title: '下次工单(小时)',
      align: 'right',
      width: 130,
      render: (_v, m) => (m.nextHours === null ? '待计划首次运行' : formatNumber(m.nextHours)),
    },
    {
      key: 'progress',
      title: '本周期进度',
      render: (_v, m) => {
        if (m.nextHours === null || m.runHours === null) return EMPTY_CELL;
        const left = Math.max(0, m.nextHours - m.runHours);
        return (
          <Flex gap={8} align="center">
            <Progress
              percent={Math.min(100, Math.round(((interval - left) * 100) / interval))}
              showInfo={false}
              size="small"
              style={{ width: 160, margin: 0 }}
            />
            <Typography.Text type="secondary">
              还差 {formatNumber(Math.round(left * 10) / 10)} 小时
            </Typography.Text>
          </Flex>
        );
      },
    },
  ];
  return (
    <Card variant="borderless" title="运行小时">
      <Table<PlanMeterRow>
        rowKey="equipmentId"
        size="middle"
        loading={meters.isLoading}
        dataSource={meters.data}
        columns={columns}
        pagination={false}
        scroll={{ x: 700 }}
        locale={{ emptyText: '计划没有设备' }}
      />
    </Card>
  );
}

/** A plan's page: its settings, and the tasks it made. */
function PlanPage({ upkeep }: { upkeep: boolean }) {
  const entity = upkeep ? maintenancePlanEntity : inspectionPlanEntity;
  const listHref = planListHref(upkeep ? 2 : 0);
  const title = upkeep ? '保养计划' : '点巡检计划';
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const detail = entityEndpoints(entity).detail;
  const query = useQuery({
    queryKey: [detail.path, id],
    queryFn: ({ signal }) => call(detail, { id }, { signal }),
    enabled: valid,
  });
  if (!valid) return <OrderNotFound title={title} listHref={listHref} />;
  const plan = query.data;
  const kind = upkeep ? 2 : Number(plan?.kind ?? 0);
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title={title} />
      {plan && (
        <>
          <DetailHeader backTo={listHref} backLabel={`返回${title}`} title={plan.name}>
            <Tag variant="filled">{checkKind.label(kind)}</Tag>
            <EnumCell value={plan.isEnabled} enumDecl={enableStatus} />
          </DetailHeader>
          <DetailFields entity={entity} row={plan} title="计划信息" omit={['name', 'kind', 'isEnabled']} />
          {plan.frequency === RUN_HOURS && plan.intervalHours ? (
            <PlanMeters upkeep={upkeep} planId={id} interval={plan.intervalHours} />
          ) : null}
          <Card variant="borderless">
            <PlanTasks kind={kind} planId={id} />
          </Card>
        </>
      )}
    </Flex>
  );
}

/** /equipment/plan-management/inspection-plan-detail/:id */
export default function InspectionPlanDetail() {
  return <PlanPage upkeep={false} />;
}

/** /equipment/plan-management/maintenance-plan-detail/:id */
export function MaintenancePlanDetail() {
  return <PlanPage upkeep />;
}
