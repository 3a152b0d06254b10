import { deviceParametersApi } from '@factory/shared/api/deviceParameters';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { RunStateCard, segmentsOf } from './RunState.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const H = 3_600_000;

describe('segmentsOf', () => {
  it('cuts the range into spans of one state, unknown before the first report', () => {
    expect(
      segmentsOf(
        {
          initial: null,
          changes: [
            [2 * H, 1],
            [5 * H, 2],
          ],
          runHours: 3,
        },
        0,
        8 * H,
      ),
    ).toEqual([
      { from: 0, to: 2 * H, state: null },
      { from: 2 * H, to: 5 * H, state: 1 },
      { from: 5 * H, to: 8 * H, state: 2 },
    ]);
    expect(segmentsOf({ initial: 1, changes: [], runHours: 8 }, 0, 8 * H)).toEqual([
      { from: 0, to: 8 * H, state: 1 },
    ]);
  });
});

const signIn = (permissions: string[]) =>
  useSession.setState({
    user: { id: 5, userName: 'shebei01', permissions, companyInfo: { flags: {} } } as unknown as SessionUser,
  });

beforeEach(() => {
  send.mockImplementation(async (_method, path, options) => {
    if (path === deviceParametersApi.stateTimeline.path) {
      const { startTime } = (options as { query: { startTime: number } }).query;
      return { initial: 1, changes: [[startTime + 12 * H, 2]], runHours: 12 } as never;
    }
    if (path === deviceParametersApi.setRunHours.path) return 5000 as never;
    throw new Error(`unexpected call ${path}`);
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const mount = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <RunStateCard equipment={{ id: 7, machineState: 1, runHours: 4871.26 }} />
      </App>
    </QueryClientProvider>,
  );

describe('RunStateCard', { timeout: 60_000 }, () => {
  it('shows the state, the counter and the hours run in the range; 录入运行小时 sends the meter reading', async () => {
    signIn(['accountlist', 'accountlistmodify']);
    mount();
    // the state's tag and the legend's
    expect(screen.getAllByText('运行')).toHaveLength(2);
    expect(screen.getByText('4871.3')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('近 24 小时运行')).toBeTruthy());
    expect(screen.getByText(/50%/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '录入运行小时' }));
    const input = await screen.findByRole('spinbutton');
    fireEvent.change(input, { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        'PUT',
        deviceParametersApi.setRunHours.path,
        expect.objectContaining({ body: { equipmentId: 7, runHours: 5000 } }),
      ),
    );
  });

  it('offers no 录入运行小时 without Modify of the account', async () => {
    signIn(['accountlist']);
    mount();
    await waitFor(() => expect(screen.getByText('近 24 小时运行')).toBeTruthy());
    expect(screen.queryByRole('button', { name: '录入运行小时' })).toBeNull();
  });
});
