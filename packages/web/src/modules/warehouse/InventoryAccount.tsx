import type { FilterItem as ListFilter } from '@factory/shared/api/list';
import { type AccountQuery, type AccountRow, warehouseApi } from '@factory/shared/api/warehouse';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Table,
  type TableColumnType,
  type TimeRangePickerProps,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { AppDrawer } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { downloadFile } from '../../platform/list/download.ts';
import { formatNumber } from '../../platform/list/format.ts';
import { usePageSizes } from '../../platform/list/useListQuery.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { FilterCard, FilterItem, TableHead, WarehousesSelect, warehouseIdStr } from './reportParts.tsx';
import { MovementList } from './stockDocParts.tsx';

const DAY = 'YYYY-MM-DD';

interface Filters {
  period: [Dayjs, Dayjs];
  warehouseIds?: number[];
  keyword?: string;
  isShowZero?: boolean;
}

/** This month so far: the first of the month to today. */
export const thisMonth = (now = dayjs()): [Dayjs, Dayjs] => [now.startOf('month'), now.startOf('day')];

const PRESETS: TimeRangePickerProps['presets'] = [
  { label: '本月', value: () => thisMonth() },
  {
    label: '上月',
    value: () => [dayjs().subtract(1, 'month').startOf('month'), dayjs().subtract(1, 'month').endOf('month')],
  },
  { label: '最近30天', value: () => [dayjs().subtract(29, 'day'), dayjs()] },
  { label: '本年', value: () => [dayjs().startOf('year'), dayjs()] },
];

/** The account call's filters (without the page). */
export function accountQuery(f: Filters): Omit<AccountQuery, 'currentPage' | 'pageSize'> {
  return {
    beginTime: f.period[0].format(DAY),
    endTime: f.period[1].format(DAY),
    warehouseIdStr: warehouseIdStr(f.warehouseIds),
    keyword: f.keyword?.trim() || undefined,
    isShowZero: f.isShowZero ? 1 : undefined,
  };
}

/** A material's movements in the period (and the chosen warehouses), as the movement list filters them. */
export function periodMovements(materialsId: number, f: Filters): ListFilter[] {
  return [
    { fieldName: 'materialsId', fieldType: 'integer', operator: 'eq', fieldValue: materialsId },
    {
      fieldName: 'createdAt',
      fieldType: 'datetime',
      operator: 'between',
      fieldValue: [f.period[0].startOf('day').format(), f.period[1].endOf('day').format()],
    },
    ...(f.warehouseIds?.length
      ? [
          {
            fieldName: 'warehouseId',
            fieldType: 'integer',
            operator: 'in',
            fieldValue: f.warehouseIds,
          } as const,
        ]
      : []),
  ];
}

const qty = (v: unknown) => formatNumber(v);
const signed = (color: string) => (v: number) =>
  v ? <span style={{ color }}>{qty(v)}</span> : <Typography.Text type="secondary">0</Typography.Text>;

/**
 * /warehouse/inventory-info/inventory-account: the inventory account (库存台账) of a period — per
 * material the opening balance, what came in and went out, the closing balance — over the chosen
 * warehouses; a material's movements of the period in a drawer; exported as shown.
 */
export default function InventoryAccount() {
  const can = usePermission();
  const initial = useMemo<Filters>(() => ({ period: thisMonth(), isShowZero: false }), []);
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>(initial);
  const { sizes, defaultSize } = usePageSizes();
  const [page, setPage] = useState<{ current: number; size?: number }>({ current: 1 });
  const pageSize = page.size ?? defaultSize;
  const [shown, setShown] = useState<{ row?: AccountRow; open: boolean }>({ open: false });
  const [exporting, setExporting] = useState(false);
  const q = accountQuery(filters);
  const query = useQuery({
    queryKey: [warehouseApi.account.path, q, page.current, pageSize],
    queryFn: ({ signal }) =>
      call(warehouseApi.account, { ...q, currentPage: page.current, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
  const open = (r: AccountRow) => setShown({ row: r, open: true });

  const columns: TableColumnType<AccountRow>[] = [
    {
      key: 'materialsCode',
      dataIndex: 'materialsCode',
      title: '物料编码',
      width: 130,
      fixed: 'left',
      render: (v: string, r) => <Typography.Link onClick={() => open(r)}>{v}</Typography.Link>,
    },
    { key: 'materialsName', dataIndex: 'materialsName', title: '物料名称', width: 140, ellipsis: true },
    {
      key: 'materialsSpecifications',
      dataIndex: 'materialsSpecifications',
      title: '规格型号',
      width: 130,
      ellipsis: true,
      render: (v) => v ?? EMPTY_CELL,
    },
    {
      key: 'materialsUnit',
      dataIndex: 'materialsUnit',
      title: '单位',
      width: 70,
      render: (v) => v ?? EMPTY_CELL,
    },
    {
      key: 'openingQuantity',
      dataIndex: 'openingQuantity',
      title: '期初结存',
      width: 110,
      align: 'right',
      render: qty,
    },
    {
      key: 'inQuantity',
      dataIndex: 'inQuantity',
      title: '本期入库',
      width: 110,
      align: 'right',
      render: signed('#389e0d'),
    },
    {
      key: 'outQuantity',
      dataIndex: 'outQuantity',
      title: '本期出库',
      width: 110,
      align: 'right',
      render: signed('#cf1322'),
    },
    {
      key: 'closingQuantity',
      dataIndex: 'closingQuantity',
      title: '期末结存',
      width: 110,
      align: 'right',
      render: (v) => <Typography.Text strong>{qty(v)}</Typography.Text>,
    },
    { key: 'movementCount', dataIndex: 'movementCount', title: '流水笔数', width: 90, align: 'right' },
    {
      key: '__actions',
      title: '操作',
      width: 70,
      fixed: 'right',
      render: (_v, r) => (
        <Button type="link" size="small" onClick={() => open(r)}>
          流水
        </Button>
      ),
    },
  ];
  const scrollX = columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 120), 0);

  const exportAll = async () => {
    setExporting(true);
    try {
      await downloadFile(
        warehouseApi.accountExport.path,
        { query: q },
        `库存台账${q.beginTime}至${q.endTime}.xlsx`,
      );
    } catch {
      // the request client has said why
    } finally {
      setExporting(false);
    }
  };

  const row = shown.row;
  const movementFilters = useMemo(
    () => (row ? periodMovements(row.materialsId, filters) : []),
    [row, filters],
  );

  return (
    <Flex vertical gap={16}>
      <FilterCard<Filters>
        form={form}
        name="inventoryAccountSearch"
        initialValues={initial}
        onSearch={(v) => {
          setFilters({ ...v, period: v.period ?? initial.period });
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <FilterItem wide>
          <Form.Item name="period" label="期间" rules={[{ required: true, message: '请选择期间' }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} presets={PRESETS} allowClear={false} />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="warehouseIds" label="仓库">
            <WarehousesSelect />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="keyword" label="物料">
            <Input placeholder="物料编码或名称" allowClear maxLength={64} />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="isShowZero" label=" " colon={false} valuePropName="checked">
            <Checkbox>显示无库存、无发生的物料</Checkbox>
          </Form.Item>
        </FilterItem>
      </FilterCard>
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <TableHead
          title="库存台账"
          note={`${q.beginTime} 至 ${q.endTime}：期初 + 入库 − 出库 = 期末`}
          fetching={query.isFetching}
          onReload={() => void query.refetch()}
          onExport={can('inventoryAccount', 'Export') ? exportAll : undefined}
          exporting={exporting}
        />
        <Table<AccountRow>
          rowKey="materialsId"
          size="middle"
          columns={columns}
          dataSource={query.data?.content}
          loading={query.isFetching}
          scroll={{ x: scrollX }}
          locale={{
            emptyText: query.isFetching ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本期没有库存发生" />
            ),
          }}
          pagination={{
            current: page.current,
            pageSize,
            total: query.data?.total ?? 0,
            pageSizeOptions: sizes,
            showSizeChanger: true,
            showQuickJumper: true,
            showTotal: (t) => `共 ${t} 条`,
            style: { padding: '0 20px' },
            onChange: (current, size) => setPage({ current: size !== pageSize ? 1 : current, size }),
          }}
        />
      </Card>
      <AppDrawer
        open={shown.open}
        size={1100}
        title={
          row
            ? `库存流水 — ${row.materialsCode} ${row.materialsName}（${q.beginTime} 至 ${q.endTime}）`
            : '库存流水'
        }
        onClose={() => setShown((s) => ({ ...s, open: false }))}
      >
        {row && (
          <MovementList
            fixed={movementFilters}
            title="本期库存流水"
            prefsKey="inventoryAccount.movements"
            search={false}
            hidden={['materialsName', 'materialsCode', 'isReversal']}
          />
        )}
      </AppDrawer>
    </Flex>
  );
}
