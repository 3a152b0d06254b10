import { PlusOutlined } from '@ant-design/icons';
import { sparePartStockApi } from '@factory/shared/api/sparePartStock';
import type { DetailOf, RowOf } from '@factory/shared/entities/schema';
import { stockDocEntity } from '@factory/shared/entities/stockDoc';
import { stockDocKind, stockDocStatus } from '@factory/shared/enums';
import { stockDocMachine } from '@factory/shared/machines/warehouse';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Table, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { call } from '../../platform/call.ts';
import { LoadState } from '../../platform/LoadState.tsx';
import { declaredLineTableColumns } from '../../platform/lines/declaredColumns.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { downloadFile, exportQuery } from '../../platform/list/download.ts';
import { ListPage } from '../../platform/list/ListPage.tsx';
import type { ColumnOverride, ListPageHandle, RowAction, ToolbarAction } from '../../platform/list/types.ts';
import { PartBillModal } from './PartBillModal.tsx';

const ROUTE = 'partBills';
type Bill = RowOf<typeof stockDocEntity>;
type Detail = DetailOf<typeof stockDocEntity>;
type Line = Detail['lines'][number];

const KIND_COLORS = ['green', 'orange', 'blue'];
const kindTag = (v: unknown) => (
  <Tag color={KIND_COLORS[Number(v)]}>{stockDocKind.label(Number(v), String(v ?? ''))}</Tag>
);
const text = (v: unknown) => (v === null || v === undefined || v === '' ? EMPTY_CELL : String(v));

const LINE_COLUMNS = declaredLineTableColumns<Line>(stockDocEntity.lines, {
  locationName: { hidden: true },
  targetLocationName: { hidden: true },
  unitName: { hidden: true },
}).filter((c) => !c.hidden);

/** One spare bill with its lines (read under the page's own Detail). */
export function PartBillDrawer({ id, onClose }: { id?: number; onClose(): void }) {
  const query = useQuery({
    queryKey: [sparePartStockApi.bill.path, id],
    queryFn: ({ signal }) => call(sparePartStockApi.bill, { id: id as number }, { signal }),
    enabled: id !== undefined,
  });
  const d = query.data;
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size="large"
      title={d ? `备件出入库单 ${d.code}` : '备件出入库单'}
    >
      <LoadState query={query} title="备件出入库单" rows={4}>
        {() =>
          d && (
            <>
              <Descriptions size="small" column={2} colon={false} style={{ marginBottom: 16 }}>
                <Descriptions.Item label="单据类别">{kindTag(d.kind)}</Descriptions.Item>
                <Descriptions.Item label="状态">
                  {stockDocStatus.label(Number(d.status), '')}
                </Descriptions.Item>
                <Descriptions.Item label="出入库类型">{text(d.stockTypeName)}</Descriptions.Item>
                <Descriptions.Item label="仓库">
                  {d.kind === 2
                    ? `${d.warehouseName ?? ''} → ${d.targetWarehouseName ?? ''}`
                    : text(d.warehouseName)}
                </Descriptions.Item>
                <Descriptions.Item label="来源单号">{text(d.sourceNumber)}</Descriptions.Item>
                <Descriptions.Item label="过账">
                  {text(d.postedByName)} {text(d.postedAt)}
                </Descriptions.Item>
                <Descriptions.Item label="备注" span={2}>
                  {text(d.remark)}
                </Descriptions.Item>
              </Descriptions>
              <Typography.Title level={5}>明细</Typography.Title>
              <Table<Line>
                rowKey="id"
                size="small"
                pagination={false}
                scroll={{ x: 'max-content' }}
                columns={LINE_COLUMNS}
                dataSource={d.lines}
              />
            </>
          )
        }
      </LoadState>
    </Drawer>
  );
}

/**
 * /equipment/spare-part-infos/part-bills (备件出入库): the stock documents of the 备件仓 — the
 * keeper's own 备件入库 / 备件出库 (新增, posted at once), opening stock, and the repairs' and
 * applications' 备件领用 — with their lines in a drawer, exported as listed; 冲销 reverses a posted
 * bill through the warehouse's reversal, which refuses a bill a repair or application made in its
 * own words. No 打印: the warehouse has no print view of a stock document.
 */
export default function PartBills() {
  const list = useRef<ListPageHandle>(null);
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<number>();
  const columns = useMemo<Partial<Record<string, ColumnOverride<Bill>>>>(
    () => ({
      code: {
        render: (v, d) => <Typography.Link onClick={() => setShown(d.id)}>{String(v ?? '')}</Typography.Link>,
      },
      kind: { render: kindTag },
      warehouseName: {
        render: (v, d) =>
          d.kind === 2 ? `${String(v ?? '')} → ${d.targetWarehouseName ?? ''}` : String(v ?? ''),
      },
      targetWarehouseName: { list: false },
    }),
    [],
  );
  const toolbar: ToolbarAction[] = [
    {
      key: 'add',
      label: '新增',
      action: 'Add',
      primary: true,
      icon: <PlusOutlined />,
      onClick: () => setAdding(true),
    },
  ];
  const rowActions: RowAction<Bill>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (d) => setShown(d.id) },
    {
      key: 'reverse',
      label: '冲销',
      action: 'Del',
      danger: true,
      visible: (d) => d.status === 2,
      confirm: stockDocMachine.actions.reverse.confirm,
      success: '冲销成功',
      onClick: (d) => call(sparePartStockApi.reverse, { id: d.id }),
    },
  ];
  return (
    <>
      <ListPage
        ref={list}
        entity={stockDocEntity}
        routeName={ROUTE}
        endpoint={sparePartStockApi.bills}
        title="备件出入库"
        columns={columns}
        toolbar={toolbar}
        rowActions={rowActions}
        onExport={async (ctx) =>
          downloadFile(
            sparePartStockApi.billsExport.path,
            { query: await exportQuery(ctx) },
            '备件出入库单.xlsx',
          )
        }
      />
      <PartBillModal
        open={adding}
        onClose={() => setAdding(false)}
        onDone={() => {
          setAdding(false);
          list.current?.reload();
        }}
      />
      <PartBillDrawer id={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
