import type { StationTask } from '@factory/shared/api/workOrder';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from './../../platform/testing.tsx';
import StationTerminal from './StationTerminal.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const TASKS = 'production/kiki/private/produceTask/getStationTaskList';

const task = (id: number, workOrderCode: string, state: Partial<StationTask> = {}): StationTask => ({
  id,
  code: `${workOrderCode}-01`,
  workOrderId: id * 10,
  seq: 1,
  procedureId: 7,
  procedureName: '焊接',
  processType: 0,
  standardMinutes: 2,
  inQuantity: 100,
  goodQuantity: 40,
  defectQuantity: 0,
  repairQuantity: 0,
  availableQuantity: 60,
  status: 1,
  isSkipped: false,
  actualStartTime: null,
  finishedAt: null,
  currentStationId: 11,
  currentStationName: '焊接一号位',
  currentUserId: null,
  currentUserName: null,
  stations: [{ id: 11, name: '焊接一号位', distributed: true }],
  users: [],
  version: 2,
  workOrderCode,
  workOrderStatus: 1,
  workOrderVersion: 5,
  isPaused: 0,
  produceOrderNumber: 'MO20261124001',
  materialsName: '支架',
  materialsCode: 'P-001',
  materialsSpecifications: '300mm',
  unitName: '件',
  workOrderQuantity: 100,
  priority: 1,
  planStartTime: '2026-11-24T08:00:00+08:00',
  planEndTime: '2026-11-24T17:00:00+08:00',
  previousProcedureName: null,
  ...state,
});

const queue = [task(1, 'WO20261124001'), task(2, 'WO20261124002', { status: 0, workOrderStatus: 0 })];

const signIn = (stationId: number | null, permissions: string[] = ['stationscheduling']) =>
  useSession.setState({
    user: {
      id: 9,
      name: '张三',
      userName: 'zhang',
      stationId,
      stationName: stationId ? '焊接一号位' : null,
      permissions,
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });

beforeEach(() => {
  send.mockImplementation(async (_method, path, options) => {
    if (path !== TASKS) return { id: 1, version: 6 } as never;
    const search = options?.query?.search;
    const station = { id: 11, name: '焊接一号位', areaName: '一号线' };
    return { station, tasks: search ? queue.filter((t) => t.workOrderCode === search) : queue } as never;
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const mount = () => mountPage(<StationTerminal />);

const listed = () => screen.queryAllByTestId('task-work-order').map((e) => e.textContent);
const taskCalls = () => send.mock.calls.filter(([, path]) => path === TASKS);
/** A scanner types the number, then Enter. */
const scan = (code: string) => {
  const input = screen.getByLabelText('工单编号');
  fireEvent.change(input, { target: { value: code } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
};
/** antd spaces out two-character labels (开 工). */
const button = (label: string) =>
  screen.getAllByRole('button', { name: (name) => name.replace(/\s/g, '').endsWith(label) });

// antd cards and dialogs in happy-dom take seconds on a busy machine
describe('StationTerminal', { timeout: 60_000 }, () => {
  it('asks for a station first, and asks the server nothing until then', async () => {
    signIn(null);
    mount();
    await screen.findByText('请先选择工位');
    expect(button('切换工位')).toHaveLength(1);
    expect(taskCalls()).toHaveLength(0);
  });

  it("lists the station's queue in the order given", async () => {
    signIn(11);
    mount();
    await waitFor(() => expect(listed()).toEqual(['WO20261124001', 'WO20261124002']));
    expect(taskCalls()[0][2]?.query).toEqual({ stationId: 11, search: undefined });
    expect(screen.getAllByText('已报 40 / 100')).toHaveLength(2);
  });

  it('says so when the station has nothing queued', async () => {
    signIn(11);
    send.mockResolvedValue({ station: null, tasks: [] } as never);
    mount();
    await screen.findByText('当前工位暂无待生产任务');
  });

  it('shows the scanned work order’s task alone', async () => {
    signIn(11);
    mount();
    await waitFor(() => expect(listed()).toHaveLength(2));
    scan(' WO20261124002 ');
    await waitFor(() => expect(listed()).toEqual(['WO20261124002']));
    expect(taskCalls().at(-1)?.[2]?.query).toEqual({ stationId: 11, search: 'WO20261124002' });
    fireEvent.click(button('显示全部任务')[0]);
    await waitFor(() => expect(listed()).toHaveLength(2));
  });

  it('says when the scanned number has no task here', async () => {
    signIn(11);
    mount();
    await waitFor(() => expect(listed()).toHaveLength(2));
    const before = taskCalls().length;
    scan('WO404');
    // the warning and the empty list both say it
    await waitFor(() => expect(screen.getAllByText('未找到工单“WO404”在本工位的任务')).toHaveLength(2));
    expect(listed()).toEqual([]);
    expect(taskCalls()).toHaveLength(before + 1);
  });

  it('starts a pending task at this station once on a double tap', async () => {
    signIn(11);
    mount();
    await waitFor(() => expect(listed()).toHaveLength(2));
    const [start] = button('开工');
    fireEvent.click(start);
    fireEvent.click(start);
    await screen.findByText('开工成功');
    const starts = send.mock.calls.filter(([, path]) => path.endsWith('produceTask/start'));
    expect(starts).toHaveLength(1);
    expect(starts[0][2]?.body).toEqual({ id: 2, version: 2, stationId: 11 });
  });

  it('pauses the work order with its version: the terminal is permission enough (pause alsoKeys)', async () => {
    signIn(11, ['stationscheduling']);
    mount();
    await waitFor(() => expect(listed()).toHaveLength(2));
    fireEvent.click(button('暂停')[0]);
    await screen.findByText('暂停成功');
    const pause = send.mock.calls.find(([, path]) => path.endsWith('produceWorkOrder/pause'));
    expect(pause?.[2]?.body).toEqual({ id: 10, version: 5 });
  });
});
