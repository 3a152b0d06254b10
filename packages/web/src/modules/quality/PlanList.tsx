import { qualityInspectionPlanEntity } from '@factory/shared/entities/quality';
import { routeHref } from '@factory/shared/routes';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../platform/call.ts';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { PlanCopyModal } from './PlanCopy.tsx';
import { PLANS, type Plan, type PlanDetail, PlanFormModal } from './PlanForm.tsx';

const never = () => false;
export const planHref = (p: { id: number }) => routeHref('qualityInspectionPlanDetail', { id: p.id });

/**
 * /quality/quality-plan-info/quality-inspection-plan-list: the plans (质检方案) with their type,
 * scope and sampling; 新增 and 修改 open the plan form with its item lines, 复制 asks the new name,
 * 详情 opens the plan's page.
 */
export default function QualityInspectionPlanList() {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const [form, setForm] = useState<{ open: boolean; source?: PlanDetail }>({ open: false });
  const [copying, setCopying] = useState<Plan>();
  const rowActions: RowAction<Plan>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (p) => navigate(planHref(p)) },
    {
      key: 'edit',
      label: '修改',
      action: 'Modify',
      onClick: async (p) => setForm({ open: true, source: await call(PLANS.detail, { id: p.id }) }),
    },
    { key: 'copy', label: '复制', action: 'Copy', onClick: (p) => setCopying(p) },
  ];
  return (
    <>
      <CrudPage
        ref={list}
        entity={qualityInspectionPlanEntity}
        title="质检方案"
        rowActions={rowActions}
        maxRowActions={4}
        // edited with its item lines in the plan form, not the generic dialog
        canModify={never}
        onAdd={() => setForm({ open: true })}
      />
      <PlanFormModal
        open={form.open}
        source={form.source}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          setForm({ open: false });
          list.current?.reload();
        }}
      />
      <PlanCopyModal
        source={copying}
        onClose={() => setCopying(undefined)}
        onCopied={(copy) => {
          setCopying(undefined);
          navigate(planHref(copy));
        }}
      />
    </>
  );
}
