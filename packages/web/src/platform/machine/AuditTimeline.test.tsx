import type { MachineDecl } from '@factory/shared/machines/define';
import { produceOrderMachine, workOrderMachine } from '@factory/shared/machines/plans';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../request.ts';
import { AuditTimeline, stateMoves } from './AuditTimeline.tsx';

vi.mock('../request.ts', () => ({ request: vi.fn() }));
const get = vi.mocked(request);

const mount = (entries: unknown[], machine: MachineDecl = produceOrderMachine) => {
  get.mockResolvedValue(entries as never);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuditTimeline machine={machine} id={7} />
    </QueryClientProvider>,
  );
};

afterEach(() => {
  cleanup();
  get.mockReset();
});

describe('AuditTimeline', () => {
  it('shows who did what when, the states it moved, why and the fields changed', async () => {
    mount([
      {
        id: '1',
        createdAt: '2026-11-25 09:00:00',
        userName: '张计划',
        action: 'modify',
        actionLabel: '修改',
        from: null,
        to: null,
        reason: null,
        changes: [{ field: 'quantity', label: '订单数量', from: '10', to: '12' }],
      },
      {
        id: '2',
        createdAt: '2026-11-25 09:05:00',
        userName: '张计划',
        action: 'confirm',
        actionLabel: '确认',
        from: { planStatus: 0, confirmStatus: 0 },
        to: { planStatus: 0, confirmStatus: 1 },
        reason: null,
        changes: [],
      },
    ]);
    await screen.findByText('确认');
    expect(get).toHaveBeenCalledWith('GET', 'production/kiki/private/produceOrder/getLogList', {
      query: { id: 7 },
      body: undefined,
      signal: expect.anything(),
    });
    expect(screen.getByText('2026-11-25 09:05:00')).toBeTruthy();
    expect(screen.getByText('确认状态：未确认 → 已确认')).toBeTruthy();
    expect(screen.queryByText(/计划状态/)).toBeNull(); // unchanged states are not listed
    expect(screen.getByText('订单数量：10 → 12')).toBeTruthy();
    expect(screen.getAllByText('张计划')).toHaveLength(2);
  });

  it('shows the reason of an action that asked for one', async () => {
    mount(
      [
        {
          id: '3',
          createdAt: '2026-11-25 10:00:00',
          userName: '李班长',
          action: 'end',
          actionLabel: '强制结束',
          from: { status: 1, isDistributed: 1, isPaused: 0 },
          to: { status: 3, isDistributed: 1, isPaused: 0 },
          reason: '设备故障',
          changes: [],
        },
      ],
      workOrderMachine,
    );
    expect(await screen.findByText('原因：设备故障')).toBeTruthy();
    expect(screen.getByText('工单状态：进行中 → 强制结束')).toBeTruthy();
  });

  it('says when nothing was done yet', async () => {
    mount([]);
    expect(await screen.findByText('暂无操作记录')).toBeTruthy();
  });

  it('labels values the enumeration does not know by their number', () => {
    expect(stateMoves(produceOrderMachine, { from: { planStatus: 0 }, to: { planStatus: 42 } })).toEqual([
      '计划状态：未计划 → 42',
    ]);
  });
});
