import { type GanttBlock, producePlanApi } from '@factory/shared/api/producePlan';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage, testQueryClient } from './../../platform/testing.tsx';
import { applyMove, inverse, LINE_REFUSED, type Move, type MoveCalls, moveOf } from './gantt/move.ts';
import PlanSchedules, {
  defaultRange,
  historyKey,
  prefetch,
  REMINDERS_PAGE,
  ScheduleReminders,
  scheduleWindow,
} from './PlanSchedules.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const LIST = producePlanApi.scheduleList.path;
const SCHEDULE = producePlanApi.schedule.path;
const STATIONS = producePlanApi.stationScheduleList.path;

const block = (id: number, areaId: number, more: Partial<GanttBlock> = {}): GanttBlock => ({
  id,
  name: `PL2026112600${id} 电机定子`,
  code: `PL2026112600${id}`,
  orderCode: `MO2026112600${id}`,
  areaId,
  quantity: 10,
  version: 3,
  start: '2026-11-27 08:00:00',
  end: '2026-11-27 12:00:00',
  planStartTime: '2026-11-27 08:00:00',
  minTime: '2026-11-26 09:00:00',
  maxTime: '2026-11-30 17:00:00',
  actualStartTime: null,
  isPlan: 1,
  produceStatus: 0,
  isLocked: 0,
  warnings: [],
  ...more,
});
const ROWS = [
  {
    id: 1,
    name: '总装一线',
    gtArray: [
      block(1, 1, { isLocked: 1 }),
      block(2, 1, { start: '2026-11-27 10:00:00', warnings: ['晚于交货日期', '物料未备齐'] }),
      // finished: not drawn, not listed
      block(4, 1, { produceStatus: 2, warnings: ['物料未备齐'] }),
    ],
  },
  { id: 2, name: '总装二线', gtArray: [block(3, 2, { warnings: ['工位“总装工位1”时间冲突'] })] },
];
const LOCK = producePlanApi.lock.path;

const signIn = (permissions: string[]) =>
  useSession.setState({
    user: {
      id: 9,
      name: '张三',
      userName: 'zhang',
      permissions,
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });

beforeEach(() => {
  signIn(['planschedules', 'planschedulesschedule', 'planschedulesmodify']);
  send.mockImplementation(async (_method, path, _o) => {
    if (path === LIST) return ROWS as never;
    if (path === STATIONS) return [{ id: 31, name: '绕线工位1', gtArray: [ROWS[0].gtArray[0]] }] as never;
    if (path === LOCK) {
      const { id, isLocked } = (_o?.body ?? {}) as { id: number; isLocked: 0 | 1 };
      const b = ROWS.flatMap((r) => r.gtArray).find((x) => x.id === id) as GanttBlock;
      return { ...b, isLocked, version: b.version + 1 } as never;
    }
    if (path === SCHEDULE)
      return {
        scheduled: 7,
        late: [
          {
            id: 2,
            code: 'PL20261126002',
            planEndTime: '2026-12-02 12:00:00',
            deliveryTime: '2026-12-01 17:00:00',
            lateMinutes: 1140,
            bottleneck: '真空浸漆罐',
          },
        ],
      } as never;
    throw new Error(`unexpected ${path}`);
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const mount = (client = testQueryClient()) => mountPage(<PlanSchedules />, '/plans/plan-schedules', client);
const bodiesOf = (path: string) => send.mock.calls.filter(([, p]) => p === path).map(([, , o]) => o?.body);
/** antd spaces out two-character labels (撤 销). */
const button = (label: string) =>
  screen.getByRole('button', { name: (name) => name.replace(/\s/g, '').endsWith(label) });

describe('PlanSchedules', { timeout: 60_000 }, () => {
  it('asks yesterday to a fortnight ahead, whole days', () => {
    const range = defaultRange(dayjs('2026-11-26 15:20:00'));
    expect(scheduleWindow(range)).toEqual({
      beginTime: '2026-11-25 00:00:00',
      endTime: '2026-12-11 00:00:00',
    });
  });

  it('loads the lines of the window and lists their names', async () => {
    mount();
    const list = await screen.findByRole('list', { name: '产线' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((e) => e.textContent),
    ).toEqual(['总装一线', '总装二线']);
    const { beginTime, endTime } = scheduleWindow(defaultRange());
    expect(bodiesOf(LIST)).toEqual([{ areaIds: undefined, beginTime, endTime }]);
    expect(screen.getByLabelText('计划排程甘特图')).toBeTruthy();
    // nothing moved yet: nothing to take back
    expect((button('撤销') as HTMLButtonElement).disabled).toBe(true);
    expect((button('重做') as HTMLButtonElement).disabled).toBe(true);
  });

  it('opened by its address, asks its rows before it renders, and then not again', async () => {
    const client = testQueryClient(30_000);
    await prefetch(client);
    const { beginTime, endTime } = scheduleWindow(defaultRange());
    expect(bodiesOf(LIST)).toEqual([{ areaIds: undefined, beginTime, endTime }]);
    mount(client);
    const list = await screen.findByRole('list', { name: '产线' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(bodiesOf(LIST)).toHaveLength(1);
  });

  it('shows rows per station when asked, with the same window and filters', async () => {
    mount();
    await screen.findByRole('list', { name: '产线' });
    fireEvent.click(screen.getByText('按工位'));
    const list = await screen.findByRole('list', { name: '工位' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((e) => e.textContent),
    ).toEqual(['绕线工位1']);
    const { beginTime, endTime } = scheduleWindow(defaultRange());
    expect(bodiesOf(STATIONS)).toEqual([{ beginTime, endTime }]);
  });

  it('colours by order when asked: the legend names each order of the rows instead of the statuses', async () => {
    mount();
    await screen.findByRole('list', { name: '产线' });
    expect(screen.getByText('已排产')).toBeTruthy();
    fireEvent.click(screen.getByText('按订单'));
    await screen.findByText('MO20261126001');
    expect(screen.queryByText('已排产')).toBeNull();
    expect(
      ['MO20261126001', 'MO20261126002', 'MO20261126003', 'MO20261126004'].map(
        (c) => !!screen.queryByText(c),
      ),
    ).toEqual([true, true, true, true]);
    // the same rows: colouring asks nothing again
    expect(bodiesOf(LIST)).toHaveLength(1);
  });

  it('searches by plan or order number or product, sending the trimmed text', async () => {
    mount();
    await screen.findByRole('list', { name: '产线' });
    const box = screen.getByPlaceholderText('计划/订单编号、产品');
    fireEvent.change(box, { target: { value: '  MO2026  ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(bodiesOf(LIST).at(-1)).toMatchObject({ keyword: 'MO2026' }));
  });

  it('一键排产 asks first, then shows how many were scheduled and the late plans', async () => {
    mount();
    await screen.findByRole('list', { name: '产线' });
    fireEvent.click(button('一键排产'));
    await screen.findByText(/确定排产吗/);
    expect(bodiesOf(SCHEDULE)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: (n) => n.replace(/\s/g, '') === '排产' }));
    await screen.findByText('排产完成，共排定 7 个生产计划');
    screen.getByText('其中 1 个计划结束晚于订单交货日期：');
    const dialog = screen.getByText('排产结果').closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('PL20261126002')).toBeTruthy();
    expect(within(dialog).getByText('2026-12-02 12:00:00')).toBeTruthy();
    expect(within(dialog).getByText('2026-12-01 17:00:00')).toBeTruthy();
    // how late, and the station it waited for
    expect(within(dialog).getByText('19小时')).toBeTruthy();
    expect(within(dialog).getByText('真空浸漆罐')).toBeTruthy();
    expect(bodiesOf(SCHEDULE)).toEqual([{}]);
    // and the chart is read again
    await waitFor(() => expect(bodiesOf(LIST).length).toBe(2));
  });

  it('offers neither 一键排产 nor moves without their keys', async () => {
    signIn(['planschedules']);
    mount();
    await screen.findByRole('list', { name: '产线' });
    expect(screen.queryByRole('button', { name: /一键排产/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /撤\s*销/ })).toBeNull();
  });

  it('lists the drawn plans with warnings under 排程提醒, by start', async () => {
    mount();
    const panel = await screen.findByRole('list', { name: '排程提醒' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((e) => within(e).getByText(/^PL/).textContent)).toEqual([
      'PL20261126003',
      'PL20261126002',
    ]);
    const tags = (e: HTMLElement) => Array.from(e.querySelectorAll('.ant-tag')).map((t) => t.textContent);
    expect(tags(items[0])).toEqual(['工位“总装工位1”时间冲突']);
    expect(tags(items[1])).toEqual(['晚于交货日期', '物料未备齐']);
    expect(within(items[0]).getByText('电机定子')).toBeTruthy();
    expect(screen.queryByText('当前范围内没有排程提醒')).toBeNull();
  });

  it('lists the first fifty reminders and fifty more on each 再显示', () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      block: block(100 + i, 1, { code: `PL${100 + i}`, warnings: ['晚于交货日期'] }),
      lineId: 1,
      lineName: '总装一线',
      start: Date.UTC(2026, 10, 27, 8, i),
    }));
    render(<ScheduleReminders reminders={many} onOpen={() => undefined} />);
    const shown = () =>
      within(screen.getByRole('list', { name: '排程提醒' })).queryAllByText(/^PL\d+$/).length;
    expect(shown()).toBe(REMINDERS_PAGE);
    expect(screen.getByText('120 个计划')).toBeTruthy();
    fireEvent.click(screen.getByText('再显示 50 条（共 120 条）'));
    expect(shown()).toBe(100);
    fireEvent.click(screen.getByText('再显示 20 条（共 120 条）'));
    expect(shown()).toBe(120);
    expect(screen.queryByText(/再显示/)).toBeNull();
  });

  it('says so when no plan has warnings', async () => {
    send.mockImplementation(async (_method, path) => {
      if (path === LIST) return [{ id: 1, name: '总装一线', gtArray: [block(1, 1)] }] as never;
      throw new Error(`unexpected ${path}`);
    });
    mount();
    await screen.findByText('当前范围内没有排程提醒');
    expect(screen.queryByRole('list', { name: '排程提醒' })).toBeNull();
  });

  it('opens a reminder in the drawer, and 锁定 locks the plan with the version read', async () => {
    mount();
    const panel = await screen.findByRole('list', { name: '排程提醒' });
    fireEvent.click(within(panel).getByText('PL20261126003'));
    const drawer = (await screen.findByText('生产计划 PL20261126003')).closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByText('未锁定')).toBeTruthy();
    expect(within(drawer).getByText('工位“总装工位1”时间冲突')).toBeTruthy();
    expect(bodiesOf(LOCK)).toEqual([]);
    fireEvent.click(
      within(drawer).getByRole('button', { name: (n) => n.replace(/\s/g, '').endsWith('锁定') }),
    );
    await waitFor(() => expect(bodiesOf(LOCK)).toEqual([{ id: 3, isLocked: 1, version: 3 }]));
    // the drawer shows the answer, and the chart is read again
    await within(drawer).findByText('已锁定');
    expect(
      within(drawer).getByRole('button', { name: (n) => n.replace(/\s/g, '').endsWith('解锁') }),
    ).toBeTruthy();
    await waitFor(() => expect(bodiesOf(LIST).length).toBe(2));
  });

  it('offers no 锁定 without planSchedulesModify', async () => {
    signIn(['planschedules']);
    mount();
    const panel = await screen.findByRole('list', { name: '排程提醒' });
    fireEvent.click(within(panel).getByText('PL20261126002'));
    const drawer = (await screen.findByText('生产计划 PL20261126002')).closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByText('晚于交货日期')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /锁\s*定|解\s*锁/ })).toBeNull();
    expect(bodiesOf(LOCK)).toEqual([]);
  });

  it('takes Ctrl+Z as undo and Ctrl+Y or Ctrl+Shift+Z as redo', () => {
    const key = (k: string, more: { shiftKey?: boolean; metaKey?: boolean } = {}) =>
      historyKey({
        key: k,
        ctrlKey: !more.metaKey,
        metaKey: more.metaKey ?? false,
        shiftKey: more.shiftKey ?? false,
      });
    expect(key('z')).toBe('undo');
    expect(key('Z', { shiftKey: true })).toBe('redo');
    expect(key('y')).toBe('redo');
    expect(key('z', { metaKey: true })).toBe('undo');
    expect(historyKey({ key: 'z', ctrlKey: false, metaKey: false, shiftKey: false })).toBeNull();
  });
});

describe('moving a block', () => {
  const plan = { id: 3, code: 'PL20261126003', areaId: 2, start: Date.UTC(2026, 10, 27, 8) };
  const calls = () => {
    const c = {
      line: vi.fn<MoveCalls['line']>(async (b) => ({ version: b.version + 1 })),
      time: vi.fn<MoveCalls['time']>(async (b) => [{ id: b.id, version: b.version + 1 }]),
    };
    return c;
  };

  it('is no move when the block lands where it was', () => {
    expect(moveOf(plan, 2, plan.start)).toBeNull();
    expect(moveOf(plan, 1, plan.start)).toEqual({
      id: 3,
      code: 'PL20261126003',
      fromAreaId: 2,
      toAreaId: 1,
      fromStart: '2026-11-27 08:00:00',
      toStart: '2026-11-27 08:00:00',
    });
  });

  it('saves a new time by updatePlanOrderByTime with the version read', async () => {
    const c = calls();
    const m = moveOf(plan, 2, Date.UTC(2026, 10, 27, 9, 30)) as Move;
    expect(await applyMove(m, 3, c)).toEqual({ applied: m, version: 4 });
    expect(c.line).not.toHaveBeenCalled();
    expect(c.time.mock.calls).toEqual([[{ id: 3, planStartTime: '2026-11-27 09:30:00', version: 3 }]]);
  });

  it('saves another line first, then the time with the version the line gave', async () => {
    const c = calls();
    const m = moveOf(plan, 1, Date.UTC(2026, 10, 27, 9, 30)) as Move;
    expect(await applyMove(m, 3, c)).toEqual({ applied: m, version: 5 });
    expect(c.line.mock.calls).toEqual([[{ id: 3, areaId: 1, version: 3 }]]);
    expect(c.time.mock.calls).toEqual([[{ id: 3, planStartTime: '2026-11-27 09:30:00', version: 4 }]]);
    // undo calls the same endpoints back
    const back = calls();
    expect(await applyMove(inverse(m), 5, back)).toEqual({ applied: inverse(m), version: 7 });
    expect(back.line.mock.calls).toEqual([[{ id: 3, areaId: 2, version: 5 }]]);
    expect(back.time.mock.calls).toEqual([[{ id: 3, planStartTime: '2026-11-27 08:00:00', version: 6 }]]);
  });

  it('keeps the dropped start when the other line places the plan later, and undo puts it back', async () => {
    // the new line's stations are busy: the server placed the plan from 14:00
    const c = calls();
    c.line.mockImplementation(async (b) => ({
      version: b.version + 1,
      planStartTime: '2026-11-27 14:00:00',
    }));
    const m = moveOf(plan, 1, plan.start) as Move;
    expect(await applyMove(m, 3, c)).toEqual({ applied: m, version: 5 });
    expect(c.time.mock.calls).toEqual([[{ id: 3, planStartTime: '2026-11-27 08:00:00', version: 4 }]]);
    // back on its own line it is placed after what came in meanwhile: the undo restores 08:00 too
    const back = calls();
    back.line.mockImplementation(async (b) => ({
      version: b.version + 1,
      planStartTime: '2026-11-28 20:00:00',
    }));
    expect(await applyMove(inverse(m), 5, back)).toEqual({ applied: inverse(m), version: 7 });
    expect(back.time.mock.calls).toEqual([[{ id: 3, planStartTime: '2026-11-27 08:00:00', version: 6 }]]);
    // where the line move already gives the dropped start, no second call
    const same = calls();
    same.line.mockImplementation(async (b) => ({
      version: b.version + 1,
      planStartTime: '2026-11-27 08:00:00',
    }));
    expect(await applyMove(m, 3, same)).toEqual({ applied: m, version: 4 });
    expect(same.time).not.toHaveBeenCalled();
  });

  it('saves nothing when the process does not run on the line, and says so', async () => {
    const c = calls();
    c.line.mockRejectedValue(new ApiError(LINE_REFUSED, 1, [{ field: 'areaId', message: LINE_REFUSED }]));
    const m = moveOf(plan, 1, Date.UTC(2026, 10, 27, 9, 30)) as Move;
    // the request client has shown the message: the page only puts the block back
    expect(await applyMove(m, 3, c)).toEqual({
      applied: null,
      version: 3,
      refusal: '该工艺没有此产线',
      unshown: false,
    });
    expect(c.time).not.toHaveBeenCalled();
    c.line.mockRejectedValue(new ApiError(LINE_REFUSED, 1, null, undefined, true));
    expect((await applyMove(m, 3, c)).unshown).toBe(true);
  });
});
