import { partApplyEntity } from '@factory/shared/entities/sparePart';
import { sparePartSource } from '@factory/shared/enums';
import { partApplyMachine } from '@factory/shared/machines/equipment';
import { routeHref } from '@factory/shared/routes';
import { Button, Card, Descriptions, Flex, Table, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DetailFields } from '../../platform/DetailFields.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { declaredLineTableColumns } from '../../platform/lines/declaredColumns.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { MaterialCell } from '../../platform/MaterialCell.tsx';
import {
  logTab,
  OrderFigures,
  OrderHead,
  OrderNotFound,
  useOrderDetail,
} from '../../platform/OrderDetail.tsx';
import { usePermission } from '../../platform/usePermission.ts';
import {
  type PartApplyDetail as Detail,
  isPartApplyEditable,
  PART_APPLIES,
  PART_APPLY_LIST_HREF,
  PartApplyFormModal,
  useOfferedOnApply,
} from './PartApplyForm.tsx';
import { PartUsageTable, sourceHref, usePartUsages } from './PartUsages.tsx';

type Line = Detail['lines'][number];

/** Shown in the heading, the source card or the figures, not among the plain fields. */
const APART = [
  'code',
  'auditStatus',
  'issueStatus',
  'lineCount',
  'sourceType',
  'sourceCode',
  'equipmentName',
  'equipmentCode',
  'stockDocCode',
];
const REJECTED = 2;

const LINE_COLUMNS = declaredLineTableColumns<Line>(partApplyEntity.lines, {
  materialsName: {
    width: 240,
    render: (_v, l) => (
      <MaterialCell name={l.materialsName} code={l.materialsCode} specification={l.materialsSpecifications} />
    ),
  },
  // the part's cell shows its code and specification
  materialsCode: { hidden: true },
  materialsSpecifications: { hidden: true },
});

/** What the application is for: the repair or upkeep task and its machine, and the stock-out once issued. */
function SourceCard({ apply }: { apply: Detail }) {
  const type = apply.sourceType ?? 0;
  return (
    <Card variant="borderless" title="来源">
      <Descriptions column={{ xs: 1, md: 3 }} colon={false} styles={{ label: { width: 96 } }}>
        <Descriptions.Item label={`${sparePartSource.label(type)}工单`}>
          <Link to={sourceHref(type, apply.sourceId)}>{apply.sourceCode}</Link>
        </Descriptions.Item>
        <Descriptions.Item label="设备">
          {apply.equipmentName
            ? `${apply.equipmentName}${apply.equipmentCode ? `（${apply.equipmentCode}）` : ''}`
            : EMPTY_CELL}
        </Descriptions.Item>
        <Descriptions.Item label="出库单号">
          {apply.stockDocId ? (
            <Link to={routeHref('warehouseOperateDetail', { id: apply.stockDocId })}>
              {apply.stockDocCode}
            </Link>
          ) : (
            EMPTY_CELL
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** What its issue took from stock: the source's part usages of its stock document. */
function IssuedParts({ apply }: { apply: Detail }) {
  const { rows } = usePartUsages({ sourceType: apply.sourceType === 1 ? 1 : 0, sourceId: apply.sourceId });
  return (
    <PartUsageTable
      rows={rows?.filter((r) => r.stockDocId === apply.stockDocId)}
      omit={['equipment', 'source']}
      empty="尚未发放"
    />
  );
}

/**
 * /equipment/spare-part-infos/part-apply-detail/:id: a spare-part application — its states and the
 * actions allowed now (提交, 撤回, 审核通过, 驳回 asking why, 发放), 编辑 while not submitted or
 * rejected, its source and machine, the parts asked for, what the issue took from stock, and the
 * audit and issue trail.
 */
export default function PartApplyDetail() {
  const can = usePermission();
  const offered = useOfferedOnApply();
  // the lines come with the application: it is its own trace (one query, the same key)
  const { valid, query, order, reload, actions } = useOrderDetail(
    partApplyMachine,
    PART_APPLIES.detail,
    PART_APPLIES.detail,
    offered,
  );
  const [editing, setEditing] = useState(false);
  if (!valid) return <OrderNotFound title="备件申请" listHref={PART_APPLY_LIST_HREF} />;
  const apply = order as (Detail & typeof order) | undefined;
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title="备件申请" />
      {apply && (
        <>
          <OrderHead
            machine={partApplyMachine}
            order={apply}
            title="备件申请"
            listHref={PART_APPLY_LIST_HREF}
            codeLabel="申请单号"
            primary={
              isPartApplyEditable(apply) &&
              can('partApply', 'Modify') && <Button onClick={() => setEditing(true)}>编辑</Button>
            }
            actions={actions.buttons}
          />
          <OrderFigures
            items={[
              { key: 'lines', title: '备件(种)', value: apply.lines.length },
              { key: 'applicant', title: '申请人', value: apply.applicantName || '—' },
              { key: 'approver', title: '审核人', value: apply.approverName || '—' },
              { key: 'issuer', title: '发放人', value: apply.issuerName || '—' },
            ]}
          />
          <SourceCard apply={apply} />
          <DetailFields
            entity={partApplyEntity}
            row={apply}
            title="申请信息"
            omit={apply.auditStatus === REJECTED ? APART : [...APART, 'rejectReason']}
          />
          <Card variant="borderless">
            <Tabs
              items={[
                {
                  key: 'lines',
                  label: `申请明细（${apply.lines.length}）`,
                  children: (
                    <Table<Line>
                      rowKey="id"
                      size="middle"
                      pagination={false}
                      dataSource={apply.lines}
                      scroll={{ x: 800 }}
                      columns={LINE_COLUMNS}
                    />
                  ),
                },
                ...(apply.stockDocId
                  ? [{ key: 'issued', label: '发放记录', children: <IssuedParts apply={apply} /> }]
                  : []),
                logTab(partApplyMachine, apply.id),
              ]}
            />
          </Card>
          <PartApplyFormModal
            open={editing}
            source={apply}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              reload();
            }}
          />
          {actions.holder}
        </>
      )}
    </Flex>
  );
}
