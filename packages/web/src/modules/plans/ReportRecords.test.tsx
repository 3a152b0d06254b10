import type { reportWorkEntity } from '@factory/shared/entities/reportWork';
import type { RowOf } from '@factory/shared/entities/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import ReportRecords from './ReportRecords.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const WITHDRAW = 'production/kiki/private/reportWork/withdraw';

type Report = RowOf<typeof reportWorkEntity>;
const report = (id: number, code: string, more: Partial<Report> = {}) =>
  ({
    id,
    code,
    workOrderCode: 'WO20261124001',
    procedureName: '焊接',
    goodQuantity: 5,
    defectQuantity: 0,
    repairQuantity: 0,
    reversalOf: null,
    reversalOfCode: null,
    reversedAt: null,
    taskId: 41,
    workOrderId: 4,
    userIds: [9],
    ...more,
  }) as Report;

const rows = [
  report(1, 'BG001'),
  report(2, 'BG002', { reversedAt: '2026-11-25T10:00:00+08:00' }),
  report(3, 'BG003', { goodQuantity: -5, reversalOf: 2, reversalOfCode: 'BG002' }),
];

beforeEach(() => {
  useSession.setState({
    user: {
      id: 9,
      userName: 'planner',
      permissions: ['reportrecords', 'reportrecordswithdraw'],
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });
  send.mockImplementation(async (_method, path) =>
    path === WITHDRAW
      ? ({ id: 4, code: 'BG004' } as never)
      : ({ content: rows, total: rows.length } as never),
  );
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const mount = () =>
  render(
    <MemoryRouter initialEntries={['/plans/report-records']}>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <ReportRecords />
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );

const IDS: Record<string, number> = { BG001: 1, BG002: 2, BG003: 3 };
/** A row by its report number (BG002 also shows in the row reversing it). */
const rowOf = (code: string) => document.querySelector(`tr[data-row-key="${IDS[code]}"]`) as HTMLElement;

// a whole list page in happy-dom takes seconds, more on a busy machine
describe('ReportRecords', { timeout: 90_000 }, () => {
  it('marks reversals and withdrawn reports, and offers 撤销 only on the rest', async () => {
    mount();
    await waitFor(() => expect(rowOf('BG003')).toBeTruthy());
    expect(within(rowOf('BG003')).getByText('冲销')).toBeTruthy();
    expect(within(rowOf('BG002')).getByText('已撤销')).toBeTruthy();
    expect(rowOf('BG003').style.color).not.toBe('');
    expect(rowOf('BG002').style.color).not.toBe('');
    expect(rowOf('BG001').style.color).toBe('');
    const withdraws = (code: string) => within(rowOf(code)).queryAllByRole('button', { name: /撤\s*销/ });
    expect(withdraws('BG001')).toHaveLength(1);
    expect(withdraws('BG002')).toHaveLength(0);
    expect(withdraws('BG003')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
  });

  it('asks first, sends the optional reason and says so', async () => {
    mount();
    await screen.findByText('BG001');
    fireEvent.click(within(rowOf('BG001')).getByRole('button', { name: /撤\s*销/ }));
    await screen.findByText(/确定撤销报工单“BG001”吗/);
    expect(send.mock.calls.some(([, path]) => path === WITHDRAW)).toBe(false);
    fireEvent.change(screen.getByLabelText('撤销原因（选填）'), { target: { value: ' 数量录错 ' } });
    fireEvent.click(screen.getByRole('button', { name: '确定撤销' }));
    await screen.findByText('撤销成功');
    const sent = send.mock.calls.filter(([, path]) => path === WITHDRAW);
    expect(sent).toHaveLength(1);
    expect(sent[0][2]?.body).toEqual({ id: 1, reason: '数量录错' });
  });
});
