import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { type TaskRow, workOrderApi } from '@factory/shared/api/workOrder';
import { decryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { workOrderEntity } from '@factory/shared/entities/workOrder';
import { machineEndpoints } from '@factory/shared/machines/endpoints';
import { workOrderMachine } from '@factory/shared/machines/plans';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import WorkDetail from './WorkDetail.tsx';
import WorkList from './WorkList.tsx';
import type { WorkOrder } from './workOrderParts.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const W = entityEndpoints(workOrderEntity);

const signIn = (permissions: string[], flags: Record<string, boolean> = {}) =>
  useSession.setState({
    user: {
      id: 9,
      userName: 'planner',
      permissions,
      fields: '',
      companyInfo: { flags },
    } as unknown as SessionUser,
  });

const workOrder = (w: Partial<WorkOrder> = {}): WorkOrder => ({
  id: 5,
  version: 4,
  orderId: 2,
  planId: 3,
  originWorkOrderId: null,
  code: 'WO20261124001',
  produceOrderNumber: 'MO20261120001',
  planNumber: 'PP20261121001',
  materialsName: '电机定子',
  materialsCode: 'CP-001',
  materialsSpecifications: 'Y2-90',
  unitName: '台',
  areaName: '一号线',
  workType: 0,
  originWorkOrderNumber: null,
  quantity: 100,
  reportWorkQuantity: 29,
  repairQuantity: 0,
  finishRatio: 0.29,
  procedure: '铁芯',
  procedureRatio: 0.123456,
  currentProcedureDuration: 1505,
  currentProcedureStation: '铁芯工位',
  currentProcedurePerson: '周敏',
  status: 1,
  isDistributed: 1,
  isPaused: 0,
  priority: 1,
  planStartTime: '2026-11-24T08:00:00+08:00',
  planEndTime: '2026-11-25T18:00:00+08:00',
  actualStartTime: '2026-11-24T08:10:00+08:00',
  finishedAt: null,
  deliveryTime: '2026-11-30T00:00:00+08:00',
  overTime: 95,
  overActualTime: 0,
  longTime: 60,
  endReason: null,
  createdAt: '2026-11-23T10:00:00+08:00',
  ...w,
});

const task = (t: Partial<TaskRow> & Pick<TaskRow, 'id' | 'seq' | 'procedureName'>): TaskRow => ({
  code: `WO20261124001-0${t.seq}`,
  workOrderId: 5,
  procedureId: t.id * 10,
  processType: 0,
  standardMinutes: 2,
  inQuantity: 100,
  goodQuantity: 0,
  defectQuantity: 0,
  repairQuantity: 0,
  availableQuantity: 100,
  status: 0,
  isSkipped: false,
  actualStartTime: null,
  finishedAt: null,
  currentStationId: null,
  currentStationName: null,
  currentUserId: null,
  currentUserName: null,
  stations: [],
  users: [],
  version: 1,
  ...t,
});

const TASKS = [
  task({
    id: 11,
    seq: 1,
    procedureName: '绕线',
    status: 2,
    goodQuantity: 100,
    availableQuantity: 0,
    stations: [{ id: 101, name: '绕线工位1', distributed: true }],
  }),
  task({
    id: 12,
    seq: 2,
    procedureName: '铁芯',
    status: 1,
    goodQuantity: 29,
    availableQuantity: 71,
    stations: [{ id: 201, name: '铁芯工位', distributed: true }],
  }),
];

function answer(row: WorkOrder) {
  send.mockImplementation(async (_method, path) => {
    if (path === basicConfigApi.value.path) return '[10,20,50]' as never;
    if (path === W.listPage.path) return { content: [row], total: 1 } as never;
    if (path === W.detail.path) return row as never;
    if (path === workOrderApi.tasks.path) return TASKS as never;
    if (path === workOrderApi.workOrderReports.path) return [] as never;
    if (path === machineEndpoints(workOrderMachine).log.path) return [] as never;
    throw new Error(`unexpected call ${path}`);
  });
}

const mount = (path: string, element: React.ReactNode) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <Routes>
            <Route path="/plans/works/work-list" element={element} />
            <Route path="/plans/works/work-detail/:id" element={element} />
          </Routes>
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

// a whole list page (search form, table, actions) renders in seconds in happy-dom, more when files run side by side
describe('WorkList', { timeout: 90_000 }, () => {
  it('starts with the open work orders, says so, and lets the user see all', async () => {
    signIn(['worklist']);
    answer(workOrder());
    mount('/plans/works/work-list', <WorkList />);
    await screen.findByText('WO20261124001');
    const lists = () => send.mock.calls.filter(([, p]) => p === W.listPage.path);
    const searchVal = (i: number) => lists()[i][2]?.query?.searchVal;
    const filters = async (i: number) => JSON.parse((await decryptText(String(searchVal(i)))) ?? '');
    expect(await filters(0)).toEqual([
      { fieldName: 'status', fieldType: 'enum', fieldValue: [0, 1], operator: 'in' },
    ]);
    expect(screen.getByText('默认只显示待开始、进行中的工单')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /查看全部/ }));
    await waitFor(() => expect(lists()).toHaveLength(2));
    expect(searchVal(1)).toBeUndefined();
  });

  it('shows ratios cut as percentages, durations in 天/小时/分 and lateness in red', async () => {
    signIn(['worklist']);
    answer(workOrder());
    mount('/plans/works/work-list', <WorkList />);
    const row = (await screen.findByText('WO20261124001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('29%')).toBeTruthy();
    expect(within(row).getByText('12.345%')).toBeTruthy();
    expect(within(row).getByText('1天1小时5分')).toBeTruthy();
    expect(within(row).getByText('1小时35分').closest('.ant-typography-danger')).toBeTruthy();
  });

  it('offers the actions the state allows and the user holds; split only with the tenant flag', async () => {
    signIn(['worklist', 'worklistdetail', 'worklistpause', 'worklistsplit', 'worklistdistribute']);
    answer(workOrder());
    mount('/plans/works/work-list', <WorkList />);
    const row = (await screen.findByText('WO20261124001')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: /详\s*情/ })).toBeTruthy();
    expect(within(row).getByRole('button', { name: /派\s*工/ })).toBeTruthy();
    expect(within(row).queryByText('拆分')).toBeNull();
    expect(within(row).queryByText(/开\s*工/)).toBeNull(); // not held
    const link = within(row).getByRole('link', { name: 'WO20261124001' });
    expect(link.getAttribute('href')).toBe('/plans/works/work-detail/5');
  });

  it('offers 拆分 and 减量 to tenants with the splitWorkOrder flag, asking the quantity', async () => {
    signIn(['worklist', 'worklistsplit', 'worklistreduce'], { splitWorkOrder: true });
    answer(workOrder());
    mount('/plans/works/work-list', <WorkList />);
    const row = (await screen.findByText('WO20261124001')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /拆\s*分/ }));
    expect(await screen.findByText('拆分工单 — WO20261124001')).toBeTruthy();
    expect(within(row).getByRole('button', { name: /减\s*量/ })).toBeTruthy();
  });

  it('links a rework work order to its repair detail', async () => {
    signIn(['worklist']);
    answer(workOrder({ workType: 1 }));
    mount('/plans/works/work-list', <WorkList />);
    const link = await screen.findByRole('link', { name: 'WO20261124001' });
    expect(link.getAttribute('href')).toBe('/plans/works/repair-detail/5');
  });
});

describe('WorkDetail', () => {
  it('shows the head, facts, step progress and the tasks with what each may do now', async () => {
    signIn(['worklist', 'worklistpause', 'worklistfinish', 'worklistreset', 'reportrecordsadd']);
    answer(workOrder());
    mount('/plans/works/work-detail/5', <WorkDetail />);
    await screen.findByText('MO20261120001');
    const buttons = screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));
    expect(buttons).toContain('暂停');
    expect(buttons).toContain('完工');
    expect(buttons).not.toContain('派工');
    expect(screen.getByText('合格 29 / 投入 100')).toBeTruthy();
    const running = (await screen.findByText('铁芯工位', { selector: '.ant-tag' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(running).getByRole('button', { name: /报\s*工/ })).toBeTruthy();
    expect(within(running).getByRole('button', { name: /重\s*置/ })).toBeTruthy();
    const done = screen.getByText('绕线工位1', { selector: '.ant-tag' }).closest('tr') as HTMLElement;
    expect(within(done).queryByRole('button')).toBeNull();
  });
});
