import { type TaskRow, workOrderApi } from '@factory/shared/api/workOrder';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { DistributeModal, distributeBody, distributeFaults, initialChoice } from './DistributeModal.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

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

const winding = task({
  id: 11,
  seq: 1,
  procedureName: '绕线',
  stations: [
    { id: 101, name: '绕线工位1', distributed: false },
    { id: 102, name: '绕线工位2', distributed: false },
  ],
  users: [{ id: 7, name: '周敏' }],
});
const core = task({
  id: 12,
  seq: 2,
  procedureName: '铁芯',
  stations: [{ id: 201, name: '铁芯工位', distributed: false }],
});
const plating = task({ id: 13, seq: 3, procedureName: '电镀', processType: 1 });
const TASKS = [winding, core, plating];
const TARGET = { id: 5, version: 4, code: 'WO20261124001' };

afterEach(() => {
  cleanup();
  send.mockReset();
});

describe('distribute rules', () => {
  it('starts from the current distribution, or the step’s only station', () => {
    expect(initialChoice(winding)).toEqual({ stationIds: [], userIds: [7] });
    expect(initialChoice(core)).toEqual({ stationIds: [201], userIds: [] });
    const given = {
      ...winding,
      stations: [{ ...winding.stations[0], distributed: true }, winding.stations[1]],
    };
    expect(initialChoice(given).stationIds).toEqual([101]);
    // a finished step keeps what it had, even with one station
    expect(initialChoice({ ...core, status: 2 }).stationIds).toEqual([]);
  });

  it('names every open in-house step without a station; outsourced and finished steps need none', () => {
    const none = () => ({ stationIds: [], userIds: [] });
    expect(distributeFaults(TASKS, none)).toEqual(['第1道工序“绕线”请选择工位', '第2道工序“铁芯”请选择工位']);
    expect(distributeFaults([{ ...winding, status: 2 }, plating], none)).toEqual([]);
  });

  it('sends every task with its choice at the version read', () => {
    expect(distributeBody(TARGET, TASKS, initialChoice)).toEqual({
      id: 5,
      version: 4,
      tasks: [
        { taskId: 11, stationIds: [], userIds: [7] },
        { taskId: 12, stationIds: [201], userIds: [] },
        { taskId: 13, stationIds: [], userIds: [] },
      ],
    });
  });
});

describe('DistributeModal', () => {
  const mount = (onChanged = vi.fn()) => {
    send.mockImplementation(async (_method, path) => {
      if (path === workOrderApi.tasks.path) return TASKS as never;
      if (path === workOrderApi.distribute.path) return { id: 5, version: 5 } as never;
      throw new Error(`unexpected call ${path}`);
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <DistributeModal open workOrder={TARGET} onClose={() => {}} onChanged={onChanged} />
        </App>
      </QueryClientProvider>,
    );
    return onChanged;
  };
  const ok = () => screen.getByRole('button', { name: /确\s*定/ });
  const distributeCalls = () => send.mock.calls.filter(([, path]) => path === workOrderApi.distribute.path);

  it('refuses to send while an in-house step has no station, naming it', async () => {
    mount();
    await screen.findByText('绕线工位1');
    expect(send).toHaveBeenCalledWith(
      'GET',
      workOrderApi.tasks.path,
      expect.objectContaining({ query: { workOrderId: 5 } }),
    );
    fireEvent.click(ok());
    expect(await screen.findByText('第1道工序“绕线”请选择工位')).toBeTruthy();
    expect(screen.queryByText('第2道工序“铁芯”请选择工位')).toBeNull(); // its only station is chosen
    expect(distributeCalls()).toHaveLength(0);
  });

  it('sends the chosen stations and operators with the work order’s version, then reports the change', async () => {
    const onChanged = mount();
    fireEvent.click(await screen.findByText('绕线工位2'));
    fireEvent.click(ok());
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(distributeCalls()).toHaveLength(1);
    expect(distributeCalls()[0][2]).toMatchObject({
      body: {
        id: 5,
        version: 4,
        tasks: [
          { taskId: 11, stationIds: [102], userIds: [7] },
          { taskId: 12, stationIds: [201], userIds: [] },
          { taskId: 13, stationIds: [], userIds: [] },
        ],
      },
    });
    expect(await screen.findByText('派工成功')).toBeTruthy();
  });
});
