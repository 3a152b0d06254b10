import type { TaskRow } from '@factory/shared/api/workOrder';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { ReportWorkModal } from './ReportWorkModal.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const REPORT = 'production/kiki/private/reportWork/addReportWork';

const task: TaskRow = {
  id: 41,
  code: 'WO20261124001-02',
  workOrderId: 4,
  seq: 2,
  procedureId: 7,
  procedureName: '焊接',
  processType: 0,
  standardMinutes: 2,
  inQuantity: 10,
  goodQuantity: 0,
  defectQuantity: 0,
  repairQuantity: 0,
  availableQuantity: 10,
  status: 1,
  isSkipped: false,
  actualStartTime: null,
  finishedAt: null,
  currentStationId: null,
  currentStationName: null,
  currentUserId: null,
  currentUserName: null,
  stations: [
    { id: 11, name: '焊接一号位', distributed: true },
    { id: 12, name: '焊接二号位', distributed: false },
  ],
  users: [],
  version: 3,
};

beforeEach(() => {
  useSession.setState({ user: { id: 9, name: '张三', userName: 'zhang' } as SessionUser });
  send.mockImplementation(async (_method, path) => {
    if (path.endsWith('getScrapReasonList'))
      return { records: [{ id: 5, code: 'BF001', name: '划伤' }], total: 1 } as never;
    return { id: 1, code: 'BG001', task, workOrderStatus: 1, workOrderVersion: 4 } as never;
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

function mount(props: Partial<Parameters<typeof ReportWorkModal>[0]> = {}) {
  const onReported = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <ReportWorkModal
          open
          task={task}
          workOrderCode="WO20261124001"
          defaultStationId={12}
          onClose={onClose}
          onReported={onReported}
          {...props}
        />
      </App>
    </QueryClientProvider>,
  );
  return { onReported, onClose };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /确认报工/ }));
const reports = () => send.mock.calls.filter(([, path]) => path === REPORT);

// antd forms in happy-dom take seconds on a busy machine
describe('ReportWorkModal', { timeout: 60_000 }, () => {
  it('shows the work order, the step and what may still be reported', () => {
    mount();
    expect(screen.getByText('WO20261124001')).toBeTruthy();
    expect(screen.getByText('焊接')).toBeTruthy();
    expect(screen.getByTestId('available').textContent).toBe('10');
  });

  it('refuses a report of nothing', async () => {
    mount();
    submit();
    await screen.findByText('请填写报工数量');
    expect(reports()).toHaveLength(0);
  });

  it('refuses more than the task may still take', async () => {
    mount();
    type('合格数量', '8');
    type('返修数量', '2.5');
    submit();
    await screen.findByText('报工数量不能超过可报数量10');
    expect(reports()).toHaveLength(0);
  });

  it('asks that the defect lines add up to the defect quantity', async () => {
    mount();
    type('不良数量', '3');
    fireEvent.click(await screen.findByRole('button', { name: /添加不良原因/ }));
    fireEvent.mouseDown(screen.getByLabelText('不良原因1'));
    fireEvent.click(await screen.findByText('划伤'));
    type('不良数量1', '2');
    submit();
    await screen.findByText('不良原因的数量合计2，须等于不良数量3');
    expect(reports()).toHaveLength(0);
    type('不良数量1', '3');
    submit();
    await waitFor(() => expect(reports()).toHaveLength(1));
    expect(reports()[0][2]?.body).toMatchObject({
      taskId: 41,
      goodQuantity: 0,
      defectQuantity: 3,
      defects: [{ scrapReasonId: 5, quantity: 3 }],
    });
  });

  it('sends the report once on a double click, says so and tells the caller', async () => {
    let answer: (v: unknown) => void = () => {};
    send.mockImplementation(() => new Promise((resolve) => (answer = resolve)) as never);
    const { onReported, onClose } = mount();
    type('合格数量', '7');
    type('不良数量', '0.1');
    type('返修数量', '0.2');
    type('备注', '  夜班补报 ');
    submit();
    submit();
    await waitFor(() => expect(reports()).toHaveLength(1));
    submit();
    const [method, , options] = reports()[0];
    expect(method).toBe('POST');
    expect(options?.body).toEqual({
      taskId: 41,
      stationId: 12,
      userIds: [9],
      goodQuantity: 7,
      defectQuantity: 0.1,
      repairQuantity: 0.2,
      endTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      remark: '夜班补报',
    });
    answer({ id: 1, code: 'BG001', task, workOrderStatus: 1, workOrderVersion: 4 });
    await screen.findByText('报工成功');
    expect(onReported).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalled();
    expect(reports()).toHaveLength(1);
  });

  it('starts at the station distributed to when the one asked for is not allowed', async () => {
    mount({ defaultStationId: 99 });
    type('合格数量', '10');
    submit();
    await waitFor(() => expect(reports()).toHaveLength(1));
    expect(reports()[0][2]?.body).toMatchObject({ stationId: 11, goodQuantity: 10 });
  });
});
