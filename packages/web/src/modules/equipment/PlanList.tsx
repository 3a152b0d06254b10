import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { equipmentEntity } from '@factory/shared/entities/equipment';
import {
  checkItemEntity,
  inspectionPlanEntity,
  maintenancePlanEntity,
} from '@factory/shared/entities/equipmentTask';
import type { RowOf } from '@factory/shared/entities/schema';
import { userEntity } from '@factory/shared/entities/user';
import { Col, Form } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { NameTags } from '../../platform/list/columns.tsx';
import { knownOptions, RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import type { ColumnOverride, RowAction } from '../../platform/list/types.ts';
import { planHref } from './TaskParts.ts';

type Plan = RowOf<typeof inspectionPlanEntity>;

const EQUIPMENT = entityEndpoints(equipmentEntity).list;
const ITEMS = entityEndpoints(checkItemEntity).list;
const USERS = entityEndpoints(userEntity).list;

/** The pickers of a plan's equipment, check items (of the plan's kind) and people. */
function planItems(plan: Plan | undefined, fixedKind: number | undefined) {
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="equipmentIds" label="设备" rules={[{ required: true, message: '请选择设备' }]}>
          <RemoteSelect
            endpoint={EQUIPMENT}
            mode="multiple"
            allowClear
            placeholder="请选择设备"
            knownOptions={knownOptions(plan?.equipmentIds, plan?.equipmentNames)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item noStyle dependencies={['kind']}>
          {({ getFieldValue }) => {
            const kind = fixedKind ?? getFieldValue('kind');
            return (
              <Form.Item
                name="itemIds"
                label="检查项目"
                rules={[{ required: true, message: '请选择检查项目' }]}
                extra={kind === undefined ? '请先选择计划类型' : undefined}
              >
                <RemoteSelect
                  key={String(kind)}
                  endpoint={ITEMS}
                  mode="multiple"
                  allowClear
                  disabled={kind === undefined || kind === null}
                  placeholder="请选择检查项目"
                  filters={[{ fieldName: 'kind', operator: 'eq', fieldValue: kind }]}
                  knownOptions={knownOptions(plan?.itemIds, plan?.itemNames)}
                />
              </Form.Item>
            );
          }}
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="assigneeIds" label="执行人" extra="不选则派给各设备的设备员（我的设备）">
          <RemoteSelect
            endpoint={USERS}
            mode="multiple"
            allowClear
            placeholder="请选择执行人"
            knownOptions={knownOptions(plan?.assigneeIds, plan?.assigneeNames)}
          />
        </Form.Item>
      </Col>
    </>
  );
}

/** A plan list: the plans of its kinds, their pickers in the form, 详情 to a plan's page. */
function PlanListPage({ upkeep }: { upkeep: boolean }) {
  const navigate = useNavigate();
  const entity = upkeep ? maintenancePlanEntity : inspectionPlanEntity;
  const columns = useMemo<Partial<Record<string, ColumnOverride<Plan>>>>(
    () => ({
      equipmentNames: { ellipsis: false, render: (v) => <NameTags value={v} /> },
      assigneeNames: { render: (v) => (v ? String(v) : '设备员') },
    }),
    [],
  );
  const rowActions: RowAction<Plan>[] = [
    {
      key: 'detail',
      label: '详情',
      action: 'Detail',
      onClick: (p) => navigate(planHref(upkeep ? 2 : 0, p.id)),
    },
  ];
  return (
    <CrudPage
      entity={entity}
      title={upkeep ? '保养计划' : '点巡检计划'}
      columns={columns}
      rowActions={rowActions}
      formItems={(p) => planItems(p as Plan | undefined, upkeep ? 2 : undefined)}
      formValues={(p) => ({ equipmentIds: p.equipmentIds, itemIds: p.itemIds, assigneeIds: p.assigneeIds })}
    />
  );
}

/** /equipment/plan-management/inspection-plan-list: spot-check (点检) and inspection (巡检) plans. */
export default function InspectionPlanList() {
  return <PlanListPage upkeep={false} />;
}

/** /equipment/plan-management/maintenance-plan-list: upkeep plans (保养计划). */
export function MaintenancePlanList() {
  return <PlanListPage upkeep />;
}
