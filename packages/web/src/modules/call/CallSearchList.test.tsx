import { callApi } from '@factory/shared/api/call';
import { callEntity } from '@factory/shared/entities/call';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { routeHref, routePath } from '@factory/shared/routes';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { testQueryClient } from '../../platform/testing.tsx';
import CallSearchList from './CallSearchList.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const CALLS = entityEndpoints(callEntity);
const ME = 7;

const row = (id: number, code: string, status: number, more: Record<string, unknown> = {}) => ({
  id,
  code,
  version: 1,
  status,
  typeId: 1,
  typeName: '物料',
  stationId: 3,
  stationName: '高压绕线工位1',
  areaId: 2,
  areaName: '绕线一线',
  equipmentId: null,
  equipmentName: null,
  workOrderId: null,
  workOrderCode: null,
  callerId: 20,
  callerName: '周强',
  calledAt: '2026-11-27 09:00:00',
  responderId: null,
  responderName: null,
  respondedAt: null,
  responseMinutes: null,
  isLate: false,
  escalatedLevel: 0,
  escalatedAt: null,
  closerId: null,
  closerName: null,
  closedAt: null,
  handlingMinutes: null,
  result: null,
  remark: '铜线快用完',
  receiverIds: [ME],
  targetMinutes: 15,
  createsRepairOrder: false,
  repairCode: null,
  ...more,
});

beforeEach(() => {
  useSession.setState({
    user: {
      id: ME,
      userName: 'cangguan01',
      // a receiver with the list and its details only: no respond, close or cancel key
      permissions: ['callsearch', 'callsearchdetail', 'callsearchexport'],
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });
  send.mockImplementation(async (_method, path) => {
    if (path === CALLS.listPage.path)
      return {
        content: [
          row(1, 'HJ20261127001', 0, { isLate: true, escalatedLevel: 2, escalatedAt: '2026-11-27 09:30:00' }),
          row(2, 'HJ20261127002', 1, { responderId: ME, responderName: '陈静' }),
          row(3, 'HJ20261127003', 0, { receiverIds: [99], typeName: '质量' }),
        ],
        total: 3,
      } as never;
    if (path === callApi.respond.path) return { id: 1, version: 2, status: 1 } as never;
    if (path === callApi.close.path) return { id: 2, version: 2, status: 2 } as never;
    return [] as never;
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const open = () =>
  render(
    <MemoryRouter initialEntries={[routeHref('callSearch')]}>
      <QueryClientProvider client={testQueryClient()}>
        <App>
          <Routes>
            <Route path={routePath('callSearch')} element={<CallSearchList />} />
          </Routes>
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );

const rowOf = async (code: string) => (await screen.findByText(code)).closest('tr') as HTMLElement;
const buttons = (tr: HTMLElement) =>
  within(tr)
    .getAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''));

describe('CallSearchList', () => {
  it('offers a receiver respond on calling ones and close on responded ones, nothing on other types', async () => {
    open();
    const calling = await rowOf('HJ20261127001');
    expect(buttons(calling)).toContain('响应');
    expect(buttons(calling)).not.toContain('关闭');
    expect(within(calling).getByText('超时')).toBeTruthy();
    const responded = await rowOf('HJ20261127002');
    expect(buttons(responded)).toContain('关闭');
    expect(buttons(responded)).not.toContain('响应');
    const others = await rowOf('HJ20261127003');
    expect(buttons(others)).not.toContain('响应');
    // no add key: no 新增呼叫
    expect(screen.queryByRole('button', { name: /新增呼叫/ })).toBeNull();
  });

  it('marks the escalated calls with their level, and only those', async () => {
    open();
    const escalated = await rowOf('HJ20261127001');
    expect(within(escalated).getByText('已升级至第2级')).toBeTruthy();
    expect(within(await rowOf('HJ20261127002')).queryByText(/升级/)).toBeNull();
    expect(screen.queryByText('未升级')).toBeNull();
    fireEvent.click(within(escalated).getByRole('button', { name: '详情' }));
    const drawer = (await screen.findByText('呼叫详情 — HJ20261127001')).closest(
      '.ant-drawer',
    ) as HTMLElement;
    expect(within(drawer).getByText('已升级至第2级')).toBeTruthy();
    expect(within(drawer).getByText('2026-11-27 09:30:00')).toBeTruthy();
  });

  it('responds with the version read, and closes with the result', async () => {
    open();
    fireEvent.click(within(await rowOf('HJ20261127001')).getByRole('button', { name: '响应' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        'POST',
        callApi.respond.path,
        expect.objectContaining({ body: { id: 1, version: 1 } }),
      ),
    );
    fireEvent.click(within(await rowOf('HJ20261127002')).getByRole('button', { name: '关闭' }));
    const result = await screen.findByPlaceholderText('请输入处理结果');
    fireEvent.change(result, { target: { value: ' 已补送铜线 ' } });
    fireEvent.click(screen.getByRole('button', { name: '关闭呼叫' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        'POST',
        callApi.close.path,
        expect.objectContaining({ body: { id: 2, version: 1, result: '已补送铜线' } }),
      ),
    );
  });
});
