import { entityEndpoints } from '@factory/shared/entities/endpoints';
import {
  inspectionPlanEntity,
  maintenancePlanEntity,
  taskEntities,
} from '@factory/shared/entities/equipmentTask';
import { checkKind, enableStatus } from '@factory/shared/enums';
import { taskMachines } from '@factory/shared/machines/equipmentTask';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Tag } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { DetailFields } from '../../platform/DetailFields.tsx';
import { DetailHeader } from '../../platform/DetailHeader.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { EnumCell } from '../../platform/list/columns.tsx';
import { ListPage } from '../../platform/list/ListPage.tsx';
import type { ColumnOverride } from '../../platform/list/types.ts';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { OrderNotFound } from '../../platform/OrderDetail.tsx';
import { billHref, type CheckTask, planListHref } from './TaskParts.ts';

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
