import { type QuotaVariance, quotaApi } from '@factory/shared/api/quota';
import { quotaEntity } from '@factory/shared/entities/quota';
import { quotaMachine } from '@factory/shared/machines/quota';
import { Alert, Card, Flex, Table, Tabs, Typography } from 'antd';
import { DetailFields } from '../../platform/DetailFields.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { LineMaterialCell } from '../../platform/MaterialCell.tsx';
import {
  logTab,
  OrderFigures,
  OrderHead,
  OrderNotFound,
  useOrderDetail,
} from '../../platform/OrderDetail.tsx';
import { QuotaApplyList } from './QuotaApplies.tsx';
import {
  type QuotaDetail as Detail,
  isQuotaDraft,
  type QuotaLine as Line,
  QUOTA_LIST_HREF,
  QUOTAS,
  quotaFormHref,
} from './quotaParts.ts';

type VarianceRow = QuotaVariance['rows'][number];
type Overrun = QuotaVariance['overruns'][number];

/** Shown in the heading or the figures, not among the plain fields. */
const APART = ['code', 'status', 'lineCount'];

function LinesTable({ quota }: { quota: Detail }) {
  return (
    <Table<Line>
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={quota.lines}
      scroll={{ x: 800 }}
      columns={[
        { key: 'seq', title: '序号', width: 60, align: 'center', render: (_v, _l, i) => i + 1 },
        { key: 'material', title: '物料', width: 260, render: (_v, l) => <LineMaterialCell line={l} /> },
        { key: 'unit', title: '单位', width: 70, render: (_v, l) => l.unitName ?? EMPTY_CELL },
        {
          key: 'quotaPerUnit',
          title: '单位定额',
          align: 'right',
          width: 110,
          render: (_v, l) => formatNumber(l.quotaPerUnit ?? 0),
        },
        {
          key: 'tolerancePct',
          title: '允差(%)',
          align: 'right',
          width: 90,
          render: (_v, l) => formatNumber(l.tolerancePct ?? 0),
        },
        { key: 'remark', title: '备注', dataIndex: 'remark', width: 180, render: (v) => v ?? EMPTY_CELL },
      ]}
    />
  );
}

/** A variance in its colour: over the quota red, under it green. */
function VarianceCell({ row }: { row: VarianceRow }) {
  const over = row.issuedQuantity > row.allowedQuantity;
  const sign = row.variance > 0 ? '+' : '';
  return (
    <Typography.Text type={over ? 'danger' : row.variance > 0 ? 'warning' : undefined}>
      {`${sign}${formatNumber(row.variance)}`}
      {row.variancePct !== null && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {`（${sign}${formatNumber(row.variancePct)}%）`}
        </Typography.Text>
      )}
    </Typography.Text>
  );
}

/** 定额差异: per work order and material, the quota quantity against what was issued and used. */
function VarianceTable({ variance }: { variance?: QuotaVariance }) {
  return (
    <Flex vertical gap={12}>
      {variance?.truncated && <Alert type="info" showIcon title="工单较多，仅显示最近的200张工单" />}
      <Table<VarianceRow>
        rowKey={(r) => `${r.workOrderId}/${r.materialsId}`}
        size="middle"
        loading={!variance}
        dataSource={variance?.rows}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: 1200 }}
        locale={{ emptyText: '该产品还没有工单' }}
        columns={[
          {
            key: 'workOrder',
            title: '工单',
            width: 170,
            render: (_v, r) => (
              <Flex vertical>
                <span>{r.workOrderCode}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {`数量 ${formatNumber(r.workOrderQuantity)}，完工 ${formatNumber(r.completedQuantity)}`}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'material',
            title: '物料',
            width: 220,
            render: (_v, r) => (
              <Flex vertical>
                <span>{r.materialsName}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[r.materialsCode, r.unitName].filter(Boolean).join(' · ')}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'quota',
            title: '定额数量',
            align: 'right',
            width: 110,
            render: (_v, r) => formatNumber(r.quotaQuantity),
          },
          {
            key: 'allowed',
            title: '含允差上限',
            align: 'right',
            width: 110,
            render: (_v, r) => formatNumber(r.allowedQuantity),
          },
          {
            key: 'issued',
            title: '实际领用',
            align: 'right',
            width: 110,
            render: (_v, r) => formatNumber(r.issuedQuantity),
          },
          {
            key: 'consumed',
            title: '实际耗用',
            align: 'right',
            width: 110,
            render: (_v, r) => formatNumber(r.consumedQuantity),
          },
          {
            key: 'variance',
            title: '差异（领用 − 定额）',
            align: 'right',
            width: 170,
            render: (_v, r) => <VarianceCell row={r} />,
          },
        ]}
      />
    </Flex>
  );
}

function Overruns({ variance }: { variance?: QuotaVariance }) {
  return (
    <Table<Overrun>
      rowKey="id"
      size="middle"
      loading={!variance}
      dataSource={variance?.overruns}
      pagination={{ pageSize: 20, showSizeChanger: false }}
      scroll={{ x: 1100 }}
      locale={{ emptyText: '没有超定额领料' }}
      columns={[
        { key: 'at', title: '领料时间', dataIndex: 'createdAt', width: 170 },
        { key: 'workOrder', title: '工单', dataIndex: 'workOrderCode', width: 160 },
        { key: 'material', title: '物料', dataIndex: 'materialsName', width: 160 },
        {
          key: 'allowed',
          title: '定额上限',
          align: 'right',
          width: 100,
          render: (_v, o) => formatNumber(o.allowedQuantity),
        },
        {
          key: 'before',
          title: '已领',
          align: 'right',
          width: 90,
          render: (_v, o) => formatNumber(o.issuedBefore),
        },
        { key: 'q', title: '本次', align: 'right', width: 90, render: (_v, o) => formatNumber(o.quantity) },
        { key: 'reason', title: '超定额原因', dataIndex: 'reason', width: 200 },
        {
          key: 'applications',
          title: '超定额申请',
          width: 160,
          render: (_v, o) => (o.applicationCodes.length ? o.applicationCodes.join('、') : EMPTY_CELL),
        },
        { key: 'doc', title: '出库单号', width: 160, render: (_v, o) => o.stockDocCode ?? EMPTY_CELL },
        { key: 'by', title: '领料人', width: 100, render: (_v, o) => o.createdByName ?? EMPTY_CELL },
      ]}
    />
  );
}

function Figures({ quota, variance }: { quota: Detail; variance?: QuotaVariance }) {
  const rows = variance?.rows ?? [];
  const orders = new Set(rows.map((r) => r.workOrderId)).size;
  const over = rows.filter((r) => r.issuedQuantity > r.allowedQuantity).length;
  return (
    <OrderFigures
      items={[
        { key: 'lines', title: '定额物料', value: quota.lines.length },
        { key: 'orders', title: '工单数', value: variance ? orders : '—' },
        { key: 'over', title: '超定额（工单 × 物料）', value: variance ? over : '—' },
        { key: 'overruns', title: '超定额领料次数', value: variance ? variance.overruns.length : '—' },
      ]}
    />
  );
}

/**
 * /purchase/certain-number-detail/:id: a production quota — its head, state and the actions allowed
 * now (生效, 撤回, 作废), its lines, the variance of its product's work orders against it (quota
 * quantity, what was issued and used), the over-quota picks with the applications that let them
 * through, its product's over-quota applications (通过 / 驳回 where allowed), and its audit trail.
 */
export default function CertainNumberDetail() {
  const { valid, query, order, trace, actions } = useOrderDetail(
    quotaMachine,
    QUOTAS.detail,
    quotaApi.variance,
  );
  if (!valid) return <OrderNotFound title="生产定额" listHref={QUOTA_LIST_HREF} />;
  const quota = order as (Detail & typeof order) | undefined;
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title="生产定额" />
      {quota && (
        <>
          <OrderHead
            machine={quotaMachine}
            order={quota}
            title="生产定额"
            listHref={QUOTA_LIST_HREF}
            codeLabel="定额单号"
            editHref={isQuotaDraft(quota) ? quotaFormHref(quota.id) : undefined}
            actions={actions.buttons}
          />
          <Figures quota={quota} variance={trace} />
          <DetailFields entity={quotaEntity} row={quota} title="定额信息" omit={APART} />
          <Card variant="borderless">
            <Tabs
              items={[
                {
                  key: 'lines',
                  label: `定额明细（${quota.lines.length}）`,
                  children: <LinesTable quota={quota} />,
                },
                { key: 'variance', label: '定额差异', children: <VarianceTable variance={trace} /> },
                {
                  key: 'overruns',
                  label: `超定额领料（${trace?.overruns.length ?? 0}）`,
                  children: <Overruns variance={trace} />,
                },
                {
                  key: 'applies',
                  label: '超定额申请',
                  children: <QuotaApplyList productId={quota.materialsId ?? 0} />,
                },
                logTab(quotaMachine, quota.id),
              ]}
            />
          </Card>
          {actions.holder}
        </>
      )}
    </Flex>
  );
}
