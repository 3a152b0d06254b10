import { nonconformingApi } from '@factory/shared/api/quality';
import { nonconformingEntity } from '@factory/shared/entities/quality';
import { disposition, nonconformingKind, nonconformingSource } from '@factory/shared/enums';
import { allowedActions } from '@factory/shared/machines/define';
import { nonconformingMachine } from '@factory/shared/machines/quality';
import { hasAnyKey } from '@factory/shared/permissions';
import { routeHref } from '@factory/shared/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Table, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AppDrawer } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import type { ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { StateTag, stateColumns } from '../../platform/machine/StateTags.tsx';
import { useTenantFlags } from '../../platform/machine/useMachineActions.tsx';
import { useHasPage } from '../../platform/pages.ts';
import { permissionSet, useSession } from '../../platform/session.ts';
import { usePermission } from '../../platform/usePermission.ts';
import {
  DISPOSALS,
  type Disposal,
  DisposeModal,
  disposalLabel,
  disposalsFor,
  NONCONFORMINGS,
  type Nonconforming,
  remainingOf,
} from './DisposeModal.tsx';

const detailKey = (id: number | undefined) => [NONCONFORMINGS.detail.path, id];
const dispositionsKey = (id: number | undefined) => [nonconformingApi.dispositions.path, id];

/** The dispositions this user may take on the record now: its state, the keys, and where its units are. */
function useDisposalsNow() {
  const can = usePermission();
  const flags = useTenantFlags();
  return useCallback(
    (r: Nonconforming): Disposal[] => {
      const allowed = allowedActions(nonconformingMachine, r, can, flags);
      const fitting = disposalsFor(r.kind);
      return DISPOSALS.filter((d) => allowed.includes(d) && fitting.includes(d));
    },
    [can, flags],
  );
}

/** Whether the signed-in user may open a page: it exists and the route is hers. */
function useMayOpen() {
  const hasPage = useHasPage();
  const user = useSession((s) => s.user);
  return useCallback(
    (route: string) =>
      hasPage(route) &&
      hasAnyKey({ userName: user?.userName ?? '', permissions: permissionSet(user) }, [route]),
    [hasPage, user],
  );
}

const Empty = () => <Typography.Text type="secondary">{EMPTY_CELL}</Typography.Text>;
const text = (v: unknown) => (v === null || v === undefined || v === '' ? <Empty /> : String(v));

/**
 * 详情 of a record (the route has no page of its own): where the units are and what they came from,
 * linked to the inspection order and work order for those who may open them, the figures handled
 * so far, each disposition with what it made, and the dispositions allowed now.
 */
function NonconformingDrawer({
  open,
  listed,
  onClose,
  onDispose,
}: {
  open: boolean;
  /** Kept while the drawer closes, so its content does not vanish mid-animation. */
  listed: Nonconforming | undefined;
  onClose(): void;
  onDispose(row: Nonconforming, d: Disposal): void;
}) {
  const id = listed?.id;
  // read afresh, so a disposition taken here sends the version the record has now
  const fresh = useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => call(NONCONFORMINGS.detail, { id: id ?? 0 }, { signal }),
    enabled: id !== undefined,
  });
  const lines = useQuery({
    queryKey: dispositionsKey(id),
    queryFn: ({ signal }) => call(nonconformingApi.dispositions, { id: id ?? 0 }, { signal }),
    enabled: id !== undefined,
  });
  const r = listed && fresh.data?.id === listed.id ? fresh.data : listed;
  const now = useDisposalsNow();
  const mayOpen = useMayOpen();

  const sourceCell =
    r?.inspectionOrderId && mayOpen('qualityInspectionOrderDetail') ? (
      <Link to={routeHref('qualityInspectionOrderDetail', { id: r.inspectionOrderId })} onClick={onClose}>
        {r.sourceCode ?? '质检单'}
      </Link>
    ) : (
      text(r?.sourceCode)
    );
  const workOrderCell =
    r?.workOrderId && mayOpen('workDetail') ? (
      <Link to={routeHref('workDetail', { id: r.workOrderId })} onClick={onClose}>
        {r.workOrderCode ?? '工单'}
      </Link>
    ) : (
      text(r?.workOrderCode)
    );

  return (
    <AppDrawer
      open={open}
      onClose={onClose}
      size={820}
      title={r ? `不合格品详情 — ${r.code ?? ''}` : '不合格品详情'}
      extra={
        r && (
          <Flex gap={8}>
            {now(r).map((d) => (
              <Button key={d} danger={d === 'scrap'} onClick={() => onDispose(r, d)}>
                {disposalLabel(d)}
              </Button>
            ))}
          </Flex>
        )
      }
    >
      {r && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="处理状态">
              <StateTag value={r.handlingStatus} enumDecl={nonconformingMachine.states.handlingStatus.enum} />
            </Descriptions.Item>
            <Descriptions.Item label="所处环节">
              {nonconformingKind.label(r.kind, EMPTY_CELL)}
            </Descriptions.Item>
            <Descriptions.Item label="来源">
              {nonconformingSource.label(r.source, EMPTY_CELL)}
            </Descriptions.Item>
            <Descriptions.Item label="来源单号">{sourceCell}</Descriptions.Item>
            <Descriptions.Item label="物料">
              {text(r.materialsName)}
              {r.materialsCode ? `（${r.materialsCode}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="批次号">{text(r.batchCode)}</Descriptions.Item>
            <Descriptions.Item label="工单">{workOrderCell}</Descriptions.Item>
            <Descriptions.Item label="工序">{text(r.procedureName)}</Descriptions.Item>
            <Descriptions.Item label="供应商">{text(r.supplierName)}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{text(r.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="不合格数量">{formatNumber(r.quantity)}</Descriptions.Item>
            <Descriptions.Item label="已处理 / 剩余">
              {formatNumber(r.handledQuantity)} / {formatNumber(remainingOf(r))}
            </Descriptions.Item>
            <Descriptions.Item label="返修 / 报废">
              {formatNumber(r.repairQuantity)} / {formatNumber(r.scrapQuantity)}
            </Descriptions.Item>
            <Descriptions.Item label="让步接收 / 退供应商">
              {formatNumber(r.concessionQuantity)} / {formatNumber(r.returnQuantity)}
            </Descriptions.Item>
            <Descriptions.Item label="不良描述" span={2}>
              {text(r.defectSummary)}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            处置记录
          </Typography.Title>
          <Table
            size="small"
            rowKey="lineNo"
            loading={lines.isLoading}
            dataSource={lines.data ?? []}
            pagination={false}
            locale={{ emptyText: '尚未处置' }}
            columns={[
              {
                title: '处置',
                dataIndex: 'disposition',
                width: 90,
                render: (v: number) => disposition.label(v, String(v)),
              },
              { title: '数量', dataIndex: 'quantity', width: 90, align: 'right', render: formatNumber },
              { title: '说明', dataIndex: 'remark', render: text },
              { title: '处置人', dataIndex: 'handledByName', width: 90, render: text },
              { title: '时间', dataIndex: 'handledAt', width: 170 },
              { title: '生成单据', dataIndex: 'madeCode', width: 160, render: text },
            ]}
          />
        </>
      )}
    </AppDrawer>
  );
}

/**
 * /quality/quality-infos/unquality: the non-conforming records (不合格品) that rejected inspections
 * and reports' defects opened, with their handling state; 返修, 报废, 让步接收 and 退供应商 take part
 * or all of a record's remaining units, each offered where the state, the user's keys and where the
 * units are (在制品, 完工待入库, 库存批次) allow; 详情 shows the record and its dispositions.
 */
export default function NonconformingList() {
  const list = useRef<ListPageHandle>(null);
  const client = useQueryClient();
  const can = usePermission();
  const now = useDisposalsNow();
  const [shown, setShown] = useState<{ row?: Nonconforming; open: boolean }>({ open: false });
  const [disposing, setDisposing] = useState<{ row?: Nonconforming; disposal?: Disposal; open: boolean }>({
    open: false,
  });
  const view = useCallback((row: Nonconforming) => setShown({ row, open: true }), []);
  const dispose = useCallback(
    (row: Nonconforming, disposal: Disposal) => setDisposing({ row, disposal, open: true }),
    [],
  );
  const closeDispose = () => setDisposing((s) => ({ ...s, open: false }));

  // a disposition changes the list, the record and its dispositions alike
  const reload = useCallback(
    (id: number | undefined) => {
      list.current?.reload();
      void client.invalidateQueries({ queryKey: detailKey(id) });
      void client.invalidateQueries({ queryKey: dispositionsKey(id) });
    },
    [client],
  );

  const mayDetail = can(nonconformingEntity.route, 'Detail');
  const columns = useMemo<Partial<Record<string, ColumnOverride<Nonconforming>>>>(
    () => ({
      ...stateColumns<Nonconforming>(nonconformingMachine),
      code: {
        render: (v, r) =>
          mayDetail ? (
            <Typography.Link onClick={() => view(r)}>{String(v ?? '')}</Typography.Link>
          ) : (
            String(v ?? '')
          ),
      },
    }),
    [mayDetail, view],
  );

  const rowActions: RowAction<Nonconforming>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: view },
    ...DISPOSALS.map(
      (d): RowAction<Nonconforming> => ({
        key: d,
        label: disposalLabel(d),
        danger: d === 'scrap',
        visible: (r) => now(r).includes(d),
        onClick: (r) => dispose(r, d),
      }),
    ),
  ];

  return (
    <>
      <CrudPage
        ref={list}
        entity={nonconformingEntity}
        title="不合格品"
        columns={columns}
        rowActions={rowActions}
        maxRowActions={4}
      />
      <NonconformingDrawer
        open={shown.open}
        listed={shown.row}
        onClose={() => setShown((s) => ({ ...s, open: false }))}
        onDispose={dispose}
      />
      <DisposeModal
        open={disposing.open}
        row={disposing.row}
        disposal={disposing.disposal}
        onClose={closeDispose}
        onDone={() => {
          closeDispose();
          reload(disposing.row?.id);
        }}
        onStale={() => {
          closeDispose();
          reload(disposing.row?.id);
        }}
      />
    </>
  );
}
