import { CalculatorOutlined, CheckCircleFilled, SaveOutlined, SearchOutlined } from '@ant-design/icons';
import type { FilterItem } from '@factory/shared/api/list';
import { type KittingResult, MAX_KITTING_PLANS, warehouseApi } from '@factory/shared/api/warehouse';
import { encryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { producePlanEntity } from '@factory/shared/entities/producePlan';
import type { RowOf } from '@factory/shared/entities/schema';
import { scheduleIssueStatus } from '@factory/shared/enums';
import { routeHref } from '@factory/shared/routes';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Radio,
  Table,
  type TableColumnType,
  Typography,
  theme,
} from 'antd';
import { type Key, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { DetailHeader } from '../../platform/DetailHeader.tsx';
import { EMPTY_CELL, EnumCell } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { listQueryKey, usePageSizes } from '../../platform/list/useListQuery.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import { KittingResultView } from './KittingResultView.tsx';

type Plan = RowOf<typeof producePlanEntity>;
type Scope = 'all' | 'chosen';
interface Search {
  code?: string;
  product?: string;
}

const PLANS = entityEndpoints(producePlanEntity);
const LIST = routeHref('completeSetList');
/** Plans not yet completed: 未排产/已排产 × 未下发/已下发 (the server takes the same when given none). */
export const OPEN_STATUSES = [0, 1, 2, 3];
const OPEN: FilterItem = {
  fieldName: 'scheduleStatus',
  fieldType: 'integer',
  operator: 'in',
  fieldValue: OPEN_STATUSES,
};
const REMARK_MAX = 500;
const SEARCH_MAX = 32;

/** The list call's filters: the open plans, and the typed plan code and product name. */
export function planFilters(search: Search): FilterItem[] {
  const like = (fieldName: string, v?: string): FilterItem[] =>
    v?.trim() ? [{ fieldName, fieldType: 'string', operator: 'like', fieldValue: v.trim() }] : [];
  return [OPEN, ...like('code', search.code), ...like('materialsName', search.product)];
}

/** The calculation's body: no plan ids for every open plan. */
export const kittingBody = (scope: Scope, ids: readonly number[]) =>
  scope === 'all' ? {} : { planIds: [...ids] };

const COLUMNS: TableColumnType<Plan>[] = [
  { key: 'code', dataIndex: 'code', title: '计划编号', width: 145 },
  { key: 'produceOrderNumber', dataIndex: 'produceOrderNumber', title: '订单编号', width: 145 },
  { key: 'materialsCode', dataIndex: 'materialsCode', title: '产品编码', width: 130, ellipsis: true },
  { key: 'materialsName', dataIndex: 'materialsName', title: '产品名称', ellipsis: true },
  {
    key: 'quantity',
    dataIndex: 'quantity',
    title: '计划数量',
    width: 90,
    align: 'right',
    render: (v: number | null, p) => `${formatNumber(v)}${p.unitName ? ` ${p.unitName}` : ''}`,
  },
  {
    key: 'areaName',
    dataIndex: 'areaName',
    title: '产线',
    width: 110,
    ellipsis: true,
    render: (v: string | null) => v || EMPTY_CELL,
  },
  {
    key: 'planStartTime',
    dataIndex: 'planStartTime',
    title: '计划开始时间',
    width: 165,
    render: (v: string | null) => v || EMPTY_CELL,
  },
  {
    key: 'scheduleStatus',
    dataIndex: 'scheduleStatus',
    title: '排产下发状态',
    width: 125,
    render: (v: number | null) => <EnumCell value={v} enumDecl={scheduleIssueStatus} />,
  },
];
const SCROLL_X = COLUMNS.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 120), 0) + 48;

/**
 * /plans/complete-set-add (齐套计算): which of the open plans the stock in hand covers. The planner
 * takes every open plan or picks some (searched by plan code and product), 计算 shows the result
 * without keeping it, 保存分析 calculates again and keeps it as an analysis of complete-set-list.
 */
export default function CompleteSetAdd() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const [searchForm] = Form.useForm<Search>();
  const [remarkForm] = Form.useForm<{ remark?: string }>();
  const [scope, setScope] = useState<Scope>('all');
  const [chosen, setChosen] = useState<Key[]>([]);
  const [search, setSearch] = useState<Search>({});
  const [page, setPage] = useState({ current: 1, size: 0 });
  const [calculated, setCalculated] = useState<{ result: KittingResult; body: { planIds?: number[] } }>();
  const [saveOpen, setSaveOpen] = useState(false);
  // one call at a time, a calculation or a save: the spinner is the running one's
  const { saving: working, run } = useSubmit();
  const [doing, setDoing] = useState<'calculate' | 'save'>();
  const calculating = working && doing === 'calculate';
  const saving = working && doing === 'save';
  const resultRef = useRef<HTMLDivElement>(null);

  const { sizes, defaultSize, ready } = usePageSizes();
  const pageSize = page.size || defaultSize;
  const filters = planFilters(search);
  const plans = useQuery({
    queryKey: [...listQueryKey(PLANS.listPage), 'kitting', page.current, pageSize, filters],
    queryFn: async ({ signal }) =>
      call(
        PLANS.listPage,
        {
          currentPage: page.current,
          pageSize,
          searchVal: await encryptText(JSON.stringify(filters)),
          order: '+planStartTime',
        },
        { signal },
      ),
    enabled: ready,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const openTotal = plans.data?.total;
  // the count of every open plan is the list's total while nothing is searched
  const allCount = !search.code?.trim() && !search.product?.trim() ? openTotal : undefined;

  const calculate = async () => {
    if (scope === 'chosen' && !chosen.length) {
      message.warning('请选择要计算的生产计划，或选择“全部未完成计划”');
      return;
    }
    if (chosen.length > MAX_KITTING_PLANS && scope === 'chosen') {
      message.warning(`一次最多计算 ${MAX_KITTING_PLANS} 个生产计划`);
      return;
    }
    const body = kittingBody(scope, chosen.map(Number));
    await run(async () => {
      setDoing('calculate');
      const result = await call(warehouseApi.kittingCalculate, body);
      setCalculated({ result, body });
      // the result starts below the plans: bring it into view
      setTimeout(() => resultRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }), 0);
    });
  };

  const save = async () => {
    if (!calculated) return;
    const remark = remarkForm.getFieldValue('remark')?.trim() || undefined;
    await run(async () => {
      setDoing('save');
      const result = await call(warehouseApi.kittingCalculate, { ...calculated.body, save: true, remark });
      setSaveOpen(false);
      remarkForm.resetFields();
      setCalculated({ result, body: calculated.body });
      void client.invalidateQueries({ queryKey: listQueryKey(warehouseApi.kitting.listPage) });
      modal.confirm({
        title: '齐套分析已保存',
        icon: <CheckCircleFilled style={{ color: token.colorSuccess }} />,
        content: `分析编号 ${result.code ?? ''}，已按保存时的库存重新计算。可在齐套分析列表中查看。`,
        okText: '查看齐套分析列表',
        cancelText: '留在此页',
        onOk: () => navigate(LIST),
      });
    });
  };

  const result = calculated?.result;
  const saved = !!result?.id;
  const basis = calculated?.body.planIds ? `所选 ${calculated.body.planIds.length} 个计划` : '全部未完成计划';

  return (
    <Flex vertical gap={16}>
      <DetailHeader backTo={LIST} backLabel="返回齐套分析列表" title="齐套计算" />
      <Card
        variant="borderless"
        title="选择生产计划"
        extra={
          <Button
            type="primary"
            icon={<CalculatorOutlined />}
            loading={calculating}
            onClick={() => void calculate()}
          >
            计算
          </Button>
        }
        styles={{ body: { paddingTop: 16 } }}
      >
        <Flex vertical gap={16}>
          <Radio.Group
            value={scope}
            onChange={(e) => setScope(e.target.value)}
            options={[
              {
                value: 'all',
                label: `全部未完成计划${allCount !== undefined ? `（${allCount} 个）` : ''}`,
              },
              { value: 'chosen', label: `指定计划${chosen.length ? `（已选 ${chosen.length} 个）` : ''}` },
            ]}
          />
          <Form<Search>
            form={searchForm}
            name="kittingPlanSearch"
            layout="inline"
            style={{ rowGap: 12 }}
            onFinish={(v) => {
              setSearch(v);
              setPage((p) => ({ ...p, current: 1 }));
            }}
          >
            <Form.Item name="code" label="计划编号">
              <Input allowClear placeholder="请输入计划编号" maxLength={SEARCH_MAX} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="product" label="产品">
              <Input allowClear placeholder="请输入产品名称" maxLength={SEARCH_MAX} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item>
              <Flex gap={8}>
                <Button htmlType="submit" icon={<SearchOutlined />}>
                  查询
                </Button>
                <Button
                  onClick={() => {
                    searchForm.resetFields();
                    setSearch({});
                    setPage((p) => ({ ...p, current: 1 }));
                  }}
                >
                  重置
                </Button>
              </Flex>
            </Form.Item>
          </Form>
          {scope === 'all' ? (
            <Alert
              type="info"
              showIcon
              title="将计算全部未完成的生产计划，各计划按计划开始时间、订单优先级依次占用库存；查询条件只筛选下表，不改变计算范围。"
            />
          ) : (
            chosen.length > 0 && (
              <Alert
                type="info"
                showIcon
                title={
                  <Flex gap={12} align="center">
                    <Typography.Text>
                      已选择 <Typography.Text strong>{chosen.length}</Typography.Text> 个计划
                    </Typography.Text>
                    <Button type="link" size="small" onClick={() => setChosen([])}>
                      取消选择
                    </Button>
                  </Flex>
                }
              />
            )
          )}
          <Table<Plan>
            id="kittingPlanChoice"
            rowKey="id"
            size="middle"
            columns={COLUMNS}
            dataSource={plans.data?.content}
            loading={plans.isFetching || plans.isPending}
            scroll={{ x: SCROLL_X }}
            rowSelection={
              scope === 'chosen'
                ? {
                    selectedRowKeys: chosen,
                    preserveSelectedRowKeys: true,
                    onChange: (keys) => setChosen(keys),
                  }
                : undefined
            }
            onRow={
              scope === 'chosen'
                ? (p) => ({
                    style: { cursor: 'pointer' },
                    // a click on the row picks it too; the checkbox's own click is the selection's
                    onClick: (e) => {
                      if ((e.target as HTMLElement).closest('.ant-table-selection-column')) return;
                      setChosen((c) => (c.includes(p.id) ? c.filter((k) => k !== p.id) : [...c, p.id]));
                    },
                  })
                : undefined
            }
            locale={{ emptyText: plans.isFetching ? ' ' : '没有未完成的生产计划' }}
            pagination={{
              current: page.current,
              pageSize,
              total: openTotal ?? 0,
              pageSizeOptions: sizes,
              showSizeChanger: true,
              showTotal: (t) => `共 ${t} 个计划`,
              onChange: (current, size) => setPage({ current: size === pageSize ? current : 1, size }),
            }}
          />
        </Flex>
      </Card>
      <div ref={resultRef} style={{ scrollMarginTop: 16 }}>
        {result ? (
          <KittingResultView
            result={result}
            title={`齐套结果（${basis}）`}
            extra={
              saved ? (
                <Button onClick={() => navigate(LIST)}>查看齐套分析列表</Button>
              ) : (
                <Button type="primary" icon={<SaveOutlined />} onClick={() => setSaveOpen(true)}>
                  保存分析
                </Button>
              )
            }
          />
        ) : (
          <Card variant="borderless">
            <Typography.Text type="secondary">
              选择生产计划后点击“计算”，查看各计划的齐套数量和缺料物料；结果确认后可保存为齐套分析。
            </Typography.Text>
          </Card>
        )}
      </div>
      <AppModal
        open={saveOpen}
        title="保存齐套分析"
        width={520}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setSaveOpen(false)}
      >
        <Typography.Paragraph type="secondary">
          保存时按当前库存重新计算{basis}，并保存为齐套分析。
        </Typography.Paragraph>
        <Form form={remarkForm} layout="vertical" name="kittingSave">
          <Form.Item name="remark" label="备注（选填）">
            <Input.TextArea maxLength={REMARK_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
          </Form.Item>
        </Form>
      </AppModal>
    </Flex>
  );
}
