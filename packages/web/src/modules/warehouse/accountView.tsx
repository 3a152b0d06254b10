import type { FilterItem as ListFilter, SelectEndpoint } from '@factory/shared/api/list';
import type { AccountQuery, AccountRow, lineSideApi, warehouseApi } from '@factory/shared/api/warehouse';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  DatePicker,
  Flex,
  Form,
  Input,
  type TableColumnType,
  type TimeRangePickerProps,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { AppDrawer } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { usePermission } from '../../platform/usePermission.ts';
import {
  FilterCard,
  FilterItem,
  ReportTable,
  useReportExport,
  useReportPaging,
  WarehousesSelect,
  warehouseIdStr,
} from './reportParts.tsx';
import { MovementList, type MovementSource } from './stockDocParts.tsx';
import { materialMovements } from './stockDrawer.tsx';

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
  const [material, ...warehouses] = materialMovements(materialsId, f.warehouseIds);
  return [
    material,
    {
      fieldName: 'createdAt',
      fieldType: 'datetime',
      operator: 'between',
      fieldValue: [f.period[0].startOf('day').format(), f.period[1].endOf('day').format()],
    },
    ...warehouses,
  ];
}

const qty = (v: unknown) => formatNumber(v);
const signed = (color: string) => (v: number) =>
  v ? <span style={{ color }}>{qty(v)}</span> : <Typography.Text type="secondary">0</Typography.Text>;

/** Which account a view shows: every warehouse's (库存台账) or the line-side ones' (线边仓台账). */
export interface AccountSource {
  /** Its title: the table's, and the export file's name. */
  title: string;
  list: typeof warehouseApi.account | typeof lineSideApi.account;
  exportPath: string;
  /** The route whose Export button offers the export. */
  routeName: string;
  /** The warehouses the filter offers (the warehouses' select when none), and what choosing none says. */
  warehouses?: { endpoint: SelectEndpoint; label: string; placeholder: string };
  /** Where a material's movements are read (the whole ledger when none). */
  movements?: MovementSource;
}

/**
 * The inventory account of a period — per material the opening balance, what came in and went
 * out, the closing balance — over the chosen warehouses; a material's movements of the period in
 * a drawer; exported as shown. The warehouse's 库存台账 and the line-side 线边仓台账 are this view
 * on their own calls.
 */
export function AccountView({ source }: { source: AccountSource }) {
  const can = usePermission();
  const initial = useMemo<Filters>(() => ({ period: thisMonth(), isShowZero: false }), []);
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>(initial);
  const paging = useReportPaging();
  const [shown, setShown] = useState<{ row?: AccountRow; open: boolean }>({ open: false });
  const q = accountQuery(filters);
  const query = useQuery({
    queryKey: [source.list.path, q, paging.current, paging.pageSize],
    queryFn: ({ signal }) =>
      call(source.list, { ...q, currentPage: paging.current, pageSize: paging.pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
  const download = useReportExport(source.exportPath, q, `${source.title}${q.beginTime}至${q.endTime}.xlsx`);
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

  const row = shown.row;
  const movementFilters = useMemo(
    () => (row ? periodMovements(row.materialsId, filters) : []),
    [row, filters],
  );

  return (
    <Flex vertical gap={16}>
      <FilterCard<Filters>
        form={form}
        name={`${source.routeName}Search`}
        initialValues={initial}
        onSearch={(v) => {
          setFilters({ ...v, period: v.period ?? initial.period });
          paging.first();
        }}
      >
        <FilterItem wide>
          <Form.Item name="period" label="期间" rules={[{ required: true, message: '请选择期间' }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} presets={PRESETS} allowClear={false} />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="warehouseIds" label={source.warehouses?.label ?? '仓库'}>
            <WarehousesSelect
              endpoint={source.warehouses?.endpoint}
              placeholder={source.warehouses?.placeholder}
            />
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
      <ReportTable<AccountRow>
        head={{
          title: source.title,
          note: `${q.beginTime} 至 ${q.endTime}：期初 + 入库 − 出库 = 期末`,
          onReload: () => void query.refetch(),
          onExport: can(source.routeName, 'Export') ? download.run : undefined,
          exporting: download.exporting,
        }}
        rowKey="materialsId"
        columns={columns}
        data={query.data}
        fetching={query.isFetching}
        paging={paging}
        empty="本期没有库存发生"
      />
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
            source={source.movements}
            fixed={movementFilters}
            title="本期库存流水"
            prefsKey={`${source.routeName}.movements`}
            search={false}
            hidden={['materialsName', 'materialsCode', 'isReversal']}
          />
        )}
      </AppDrawer>
    </Flex>
  );
}
