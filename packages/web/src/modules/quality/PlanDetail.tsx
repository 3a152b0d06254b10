import { aqlLabel, qualityInspectionPlanEntity } from '@factory/shared/entities/quality';
import { enableStatus, inspectionType, qualityType } from '@factory/shared/enums';
import { samplingPlan } from '@factory/shared/quality/sampling';
import { routeHref } from '@factory/shared/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { DetailFields } from '../../platform/DetailFields.tsx';
import { DetailHeader } from '../../platform/DetailHeader.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { declaredLineTableColumns } from '../../platform/lines/declaredColumns.tsx';
import { EnumCell } from '../../platform/list/columns.tsx';
import { OrderNotFound } from '../../platform/OrderDetail.tsx';
import { usePermission } from '../../platform/usePermission.ts';
import { PlanCopyModal } from './PlanCopy.tsx';
import { PLANS, PlanFormModal } from './PlanForm.tsx';
import { planHref } from './PlanList.tsx';

const LIST_HREF = routeHref('qualityInspectionPlanList');
const TITLE = '质检方案';
/** Lot sizes the AQL preview shows: one of the small, middle and large code letters each. */
export const PREVIEW_LOTS = [8, 50, 150, 500, 1200, 3200, 10000];

interface PreviewRow {
  lot: number;
  letter: string;
  sampleSize: number;
  accept: number;
  reject: number;
  full: boolean;
}

/** 批量 → 样本量 / Ac / Re of an AQL plan for a few lot sizes (GB/T 2828.1, level II, normal, single). */
export function SamplingPreview({ aql }: { aql: number }) {
  const rows: PreviewRow[] = PREVIEW_LOTS.map((lot) => {
    const p = samplingPlan(lot, aql);
    return {
      lot,
      letter: p.codeLetter ?? '',
      sampleSize: p.sampleSize,
      accept: p.accept,
      reject: p.reject,
      full: p.fullInspection,
    };
  });
  return (
    <Card
      variant="borderless"
      title={`抽样方案预览（AQL ${aqlLabel(aql)}，一般检验水平Ⅱ，正常检验一次抽样）`}
    >
      <Table<PreviewRow>
        rowKey="lot"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { key: 'lot', dataIndex: 'lot', title: '批量', align: 'right' },
          { key: 'letter', dataIndex: 'letter', title: '样本量字码', align: 'center' },
          {
            key: 'n',
            title: '样本量',
            align: 'right',
            render: (_v, r) => (r.full ? `${r.sampleSize}（全检）` : r.sampleSize),
          },
          { key: 'ac', dataIndex: 'accept', title: 'Ac（接收数）', align: 'right' },
          { key: 're', dataIndex: 'reject', title: 'Re（拒收数）', align: 'right' },
        ]}
      />
      <Typography.Text type="secondary">
        样本中不合格品数 ≤ Ac 接收该批，≥ Re 拒收；样本量不小于批量时全检。
      </Typography.Text>
    </Card>
  );
}

/** /quality/quality-plan-info/quality-inspection-plan-detail/:id: a plan, its item lines and its sampling. */
export default function QualityInspectionPlanDetail() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const can = usePermission();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [copying, setCopying] = useState(false);
  const query = useQuery({
    queryKey: [PLANS.detail.path, id],
    queryFn: ({ signal }) => call(PLANS.detail, { id }, { signal }),
    enabled: valid,
  });
  if (!valid) return <OrderNotFound title={TITLE} listHref={LIST_HREF} />;
  const plan = query.data;
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title={TITLE} />
      {plan && (
        <>
          <DetailHeader
            backTo={LIST_HREF}
            backLabel={`返回${TITLE}`}
            title={plan.name}
            extra={
              <Flex gap={8}>
                {can('qualityInspectionPlanList', 'Copy') ? (
                  <Button onClick={() => setCopying(true)}>复制</Button>
                ) : null}
                {can('qualityInspectionPlanList', 'Modify') ? (
                  <Button type="primary" onClick={() => setEditing(true)}>
                    修改
                  </Button>
                ) : null}
              </Flex>
            }
          >
            <Tag variant="filled">{inspectionType.label(plan.inspectionType)}</Tag>
            <Tag variant="filled">{qualityType.label(plan.qualityType)}</Tag>
            <EnumCell value={plan.isEnabled} enumDecl={enableStatus} />
          </DetailHeader>
          <DetailFields
            entity={qualityInspectionPlanEntity}
            row={plan}
            title="方案信息"
            omit={['name', 'inspectionType', 'qualityType', 'isEnabled']}
          />
          <Card variant="borderless" title={`检验项目（${plan.lines.length}）`}>
            <Table
              rowKey="id"
              size="middle"
              pagination={false}
              dataSource={plan.lines}
              columns={declaredLineTableColumns(qualityInspectionPlanEntity.lines)}
              scroll={{ x: 900 }}
            />
          </Card>
          {plan.samplingMode === 3 && plan.aql !== null ? <SamplingPreview aql={plan.aql} /> : null}
          <PlanFormModal
            open={editing}
            source={plan}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              void client.invalidateQueries({ queryKey: [PLANS.detail.path, id] });
            }}
          />
          <PlanCopyModal
            source={copying ? plan : undefined}
            onClose={() => setCopying(false)}
            onCopied={(copy) => {
              setCopying(false);
              navigate(planHref(copy));
            }}
          />
        </>
      )}
    </Flex>
  );
}
