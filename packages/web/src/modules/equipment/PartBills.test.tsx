import { sparePartStockApi } from '@factory/shared/api/sparePartStock';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import PartBills from './PartBills.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const bill = (id: number, code: string, kind: number, status: number) => ({
  id,
  code,
  kind,
  status,
  version: 2,
  stockTypeId: 1,
  stockTypeName: kind === 0 ? '其他入库' : '其他出库',
  warehouseId: 3,
  warehouseName: '备件库',
  targetWarehouseId: null,
  targetWarehouseName: null,
  supplierId: null,
  supplierName: null,
  sourceNumber: null,
  sourceKind: null,
  lineCount: 1,
  totalQuantity: 4,
  postedAt: '2026-11-20 09:00:00',
  postedByName: '何军',
  createdByName: '何军',
  remark: null,
  createdAt: '2026-11-20 09:00:00',
});
const IN = bill(1, 'CRK20261120001', 0, 2);
const REVERSED = bill(2, 'CRK20261120002', 1, 3);

const signIn = (permissions: string[]) =>
  useSession.setState({
    user: {
      id: 5,
      userName: 'shebei02',
      permissions,
      fields: '',
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });

beforeEach(() => {
  signIn(['partbills', 'partbillsadd', 'partbillsdel', 'partbillsdetail', 'partbillsexport']);
  send.mockImplementation(async (_method, path) => {
    if (path === sparePartStockApi.bills.path) return { content: [IN, REVERSED], total: 2 } as never;
    if (path === sparePartStockApi.reverse.path) return { id: 1, status: 3 } as never;
    if (path === sparePartStockApi.bill.path)
      return {
        ...IN,
        lines: [
          {
            id: 11,
            lineNo: 1,
            materialsId: 7,
            materialsName: '深沟球轴承 6205',
            materialsCode: 'BRG-6205',
            batchCode: 'BJ202611',
            quantity: 4,
          },
        ],
      } as never;
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
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <PartBills />
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
const rowOf = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const calls = (path: string) => send.mock.calls.filter(([, p]) => p === path);

describe('PartBills', { timeout: 90_000 }, () => {
  it('lists the spare bills, shows one’s lines, and reverses a posted one after asking', async () => {
    mount();
    await waitFor(() => expect(rowOf(IN.id)).toBeTruthy());
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeTruthy();
    // only a posted bill may be reversed
    expect(within(rowOf(REVERSED.id)).queryByText('冲销')).toBeNull();
    fireEvent.click(within(rowOf(IN.id)).getByText(IN.code));
    expect(await screen.findByText('BJ202611')).toBeTruthy();
    expect(calls(sparePartStockApi.bill.path)[0][2]?.query).toEqual({ id: IN.id });

    fireEvent.click(within(rowOf(IN.id)).getByText('冲销'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls(sparePartStockApi.reverse.path)).toHaveLength(1));
    expect(calls(sparePartStockApi.reverse.path)[0][2]?.body).toEqual({ id: IN.id });
  });

  it('opens the 备件入库/出库 dialog from 新增', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    expect(await screen.findByText('新增备件出入库')).toBeTruthy();
    expect(screen.getByText('备件出库')).toBeTruthy();
    expect(screen.getByRole('button', { name: /添加备件/ })).toBeTruthy();
  });

  it('offers neither 新增 nor 冲销 without their permissions', async () => {
    signIn(['partbills']);
    mount();
    await waitFor(() => expect(rowOf(IN.id)).toBeTruthy());
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(within(rowOf(IN.id)).queryByText('冲销')).toBeNull();
  });
});
