import { homeApi, type Workbench as WorkbenchAnswer } from '@factory/shared/api/home';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from './../../platform/testing.tsx';
import { whenText } from './MyWork.tsx';
import Workbench from './Workbench.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const PLANS_LATE = `/plans/plan-list?q=${encodeURIComponent(
  JSON.stringify({ scheduleStatus: [0, 1, 2, 3], deliveryTime: [null, '2026-11-26'] }),
)}`;

const ANSWER: WorkbenchAnswer = {
  todos: [
    {
      key: 'plansToSchedule',
      title: '待排产的生产计划',
      group: '生产计划列表',
      kind: 'waiting',
      count: 3,
      path: '/plans/plan-list?tab=0',
    },
    {
      key: 'plansToRelease',
      title: '待下达的生产计划',
      group: '生产计划列表',
      kind: 'waiting',
      count: 0,
      path: '/plans/plan-list?tab=2',
    },
    {
      key: 'plansOverdue',
      title: '已逾期的生产计划',
      group: '生产计划列表',
      kind: 'overdue',
      count: 2,
      path: PLANS_LATE,
    },
  ],
  recent: [
    {
      entity: 'producePlan',
      entityId: '41',
      label: '生产计划',
      name: 'PL20261127003',
      action: 'modify',
      actionLabel: '修改',
      time: '2026-11-27 09:30:00',
      path: '/plans/orders/order-detail/17',
    },
    {
      entity: 'stockCount',
      entityId: '5',
      label: '盘点单',
      name: 'PD20261126001',
      action: 'start',
      actionLabel: '开始盘点',
      time: '2026-11-26 16:05:00',
      path: null,
    },
  ],
};

/** Where the router is now, so a test sees where a click led. */
function Where() {
  const at = useLocation();
  return <div data-testid="where">{`${at.pathname}${at.search}`}</div>;
}

const mount = () =>
  mountPage(
    <Routes>
      <Route path="/home" element={<Workbench />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    '/home',
  );

const calls = () => send.mock.calls.filter(([, path]) => path === homeApi.workbench.path);
const card = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;

beforeEach(() => {
  useSession.setState({
    user: {
      id: 7,
      name: '李娜',
      userName: 'jihua01',
      permissions: ['home', 'plans', 'planList'],
      fields: '',
      companyInfo: { companyName: '江苏华变电气', memberCode: 'HB', flags: {} },
    } as unknown as SessionUser,
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

describe('the workbench', { timeout: 60_000 }, () => {
  it('shows my to-dos with their counts and my recent records, above the module cards', async () => {
    send.mockResolvedValue(ANSWER as never);
    mount();
    const row = await screen.findByRole('button', { name: /待排产的生产计划/ });
    expect(calls()).toHaveLength(1);
    expect(within(row).getByText('3').closest('.ant-tag')?.className).toMatch(/blue/);
    // a count of 0 is shown, quietly
    const none = screen.getByRole('button', { name: /待下达的生产计划/ });
    expect(within(none).getByText('0')).toBeTruthy();
    expect(within(none).getByText('0').closest('.ant-tag')?.className).not.toMatch(/blue|red/);
    const late = screen.getByRole('button', { name: /已逾期的生产计划/ });
    expect(within(late).getByText('2').closest('.ant-tag')?.className).toMatch(/red/);
    expect(within(card('我的待办')).getByText('共 5 项待处理')).toBeTruthy();
    expect(screen.queryByText('无待办')).toBeNull();

    // recent: named, the one with a page linked to it, the other plain
    const recent = card('最近处理');
    const plan = within(recent).getByRole('link', { name: 'PL20261127003' });
    expect(plan.getAttribute('href')).toBe('/plans/orders/order-detail/17');
    expect(within(recent).getByText('修改')).toBeTruthy();
    expect(within(recent).getByText('PD20261126001').closest('a')).toBeNull();
    expect(within(recent).getByText('盘点单')).toBeTruthy();
    // the shortcut cards stay below
    expect(screen.getByText('我的功能')).toBeTruthy();
  });

  it('opens the list a to-do counts, on its filter', async () => {
    send.mockResolvedValue(ANSWER as never);
    mount();
    fireEvent.click(await screen.findByRole('button', { name: /已逾期的生产计划/ }));
    expect((await screen.findByTestId('where')).textContent).toBe(PLANS_LATE);
  });

  it('a to-do of the tabbed list opens its tab', async () => {
    send.mockResolvedValue(ANSWER as never);
    mount();
    fireEvent.click(await screen.findByRole('button', { name: /待排产的生产计划/ }));
    expect((await screen.findByTestId('where')).textContent).toBe('/plans/plan-list?tab=0');
  });

  it('says 无待办 when nothing waits, and 暂无处理记录 before any change', async () => {
    send.mockResolvedValue({
      todos: ANSWER.todos.map((t) => ({ ...t, count: 0 })),
      recent: [],
    } as never);
    mount();
    expect(await screen.findByText('无待办')).toBeTruthy();
    expect(screen.getByText('当前没有等待您处理的事项')).toBeTruthy();
    expect(screen.getByText('暂无处理记录')).toBeTruthy();
    expect(screen.queryByText(/项待处理/)).toBeNull();
  });

  it('shows a skeleton while loading, then 加载失败 with 重试, which asks again', async () => {
    let fail: (e: unknown) => void = () => undefined;
    send.mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)));
    const { container } = mount();
    await waitFor(() => expect(container.querySelectorAll('.ant-skeleton').length).toBe(2));
    fail(new ApiError('系统繁忙，请稍后再试', 9));
    expect(await screen.findAllByText('加载失败')).toHaveLength(2);
    send.mockResolvedValueOnce(ANSWER as never);
    fireEvent.click(screen.getAllByRole('button', { name: /重\s*试/ })[0]);
    expect(await screen.findByRole('button', { name: /待排产的生产计划/ })).toBeTruthy();
    expect(calls()).toHaveLength(2);
    expect(screen.queryByText('加载失败')).toBeNull();
  });
});

describe('when a record was changed', () => {
  it('says today and yesterday by the hour, this year by the day', () => {
    const now = dayjs('2026-11-27 15:00:00');
    expect(whenText('2026-11-27 09:30:00', now)).toBe('今天 09:30');
    expect(whenText('2026-11-26 16:05:00', now)).toBe('昨天 16:05');
    expect(whenText('2026-03-02 08:00:00', now)).toBe('03-02 08:00');
    expect(whenText('2025-12-31 08:00:00', now)).toBe('2025-12-31');
  });
});
