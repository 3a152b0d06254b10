import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { type SalesDemandDetail, type SalesDemandRow, salesApi } from '@factory/shared/api/sales';
import { routeHref } from '@factory/shared/routes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import SalesDemandList from './SalesDemandList.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const row = (r: Partial<SalesDemandRow>): SalesDemandRow => ({
  materialsId: 5,
  materialsCode: 'S13-M-400',
  materialsName: 'S13-M-400/10 油浸式变压器',
  materialsSpecifications: '400kVA',
  materialsUnit: '台',
  periodStart: '2026-11-30',
  periodEnd: '2026-12-06',
  period: '2026年第49周',
  earliestDelivery: '2026-12-01 17:00:00',
  lineCount: 2,
  demandQuantity: 6,
  stockCovered: 5,
  productionCovered: 1,
  uncovered: 0,
  availableStock: 5,
  openProduction: 3,
  urgent: false,
  overdue: false,
  ...r,
});
const rows = [
  row({}),
  row({
    periodStart: '2026-12-07',
    periodEnd: '2026-12-13',
    period: '2026年第50周',
    earliestDelivery: '2026-12-08 17:00:00',
    lineCount: 1,
    demandQuantity: 7,
    stockCovered: 0,
    productionCovered: 2,
    uncovered: 5,
    urgent: true,
  }),
];
const detail: SalesDemandDetail = {
  lines: [
    {
      orderId: 7,
      orderCode: 'SO20261127001',
      orderStatus: 1,
      customerName: '国网江苏省电力有限公司',
      lineId: 70,
      lineNo: 1,
      deliveryTime: '2026-12-08 17:00:00',
      quantity: 10,
      shippedQuantity: 3,
      openQuantity: 7,
    },
  ],
  produceOrders: [
    {
      id: 31,
      code: 'MO20261127001',
      sourceCode: 'SO20261127001',
      deliveryTime: '2026-12-05 17:00:00',
      quantity: 5,
      stockedQuantity: 2,
      remaining: 3,
      confirmStatus: 1,
      planStatus: 3,
    },
  ],
};

const signIn = (permissions: string[]) =>
  useSession.setState({
    user: { id: 5, userName: 'xiaoshou', permissions, companyInfo: { flags: {} } } as unknown as SessionUser,
  });

beforeEach(() => {
  signIn(['salesdemandlist', 'salesdemandlistdetail', 'salesdemandlistexport']);
  send.mockImplementation(async (_method, path) => {
    if (path === salesApi.demand.path) return { content: rows, total: 2 } as never;
    if (path === salesApi.demandDetail.path) return detail as never;
    if (path === basicConfigApi.value.path) return '[10,20,50]' as never;
    throw new Error(`unexpected call ${path}`);
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const open = () =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <SalesDemandList />
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
const queries = (path: string) =>
  send.mock.calls.filter((c) => c[1] === path).map((c) => c[2]?.query as Record<string, unknown>);

describe('SalesDemandList', () => {
  it('shows each product’s weeks: demand, covered by stock and production, the uncovered due soon in red', async () => {
    open();
    expect(await screen.findByText('2026年第50周')).toBeTruthy();
    expect(queries(salesApi.demand.path)[0]).toMatchObject({ granularity: 'week', currentPage: 1 });
    const urgent = screen.getByText('2026年第50周').closest('tr') as HTMLElement;
    expect(within(urgent).getByText('7天内到期')).toBeTruthy();
    // the uncovered 5 in bold red
    expect(urgent.querySelector('strong')?.textContent).toBe('5');
    const calm = screen.getByText('2026年第49周').closest('tr') as HTMLElement;
    expect(within(calm).queryByText('7天内到期')).toBeNull();
    expect(within(calm).getByText('6 台')).toBeTruthy();
    // a computed view: no add, edit or delete; 导出 and 明细 by permission
    const labels = screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));
    expect(labels).toContain('导出');
    expect(labels.some((l) => l?.startsWith('新增'))).toBe(false);
  });

  it('asks by month when 按月 is chosen', async () => {
    open();
    await screen.findByText('2026年第50周');
    fireEvent.click(screen.getByText('按月'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(queries(salesApi.demand.path).some((q) => q.granularity === 'month')).toBe(true),
    );
  });

  it('drills down from a row to the order lines behind it and the product’s open production', async () => {
    open();
    await screen.findByText('2026年第50周');
    const urgent = screen.getByText('2026年第50周').closest('tr') as HTMLElement;
    fireEvent.click(within(urgent).getByText('明细'));
    const link = await screen.findByRole('link', { name: 'SO20261127001' });
    expect(link.getAttribute('href')).toBe(routeHref('salesOrderDetail', { id: 7 }));
    expect(screen.getByRole('link', { name: 'MO20261127001' }).getAttribute('href')).toBe(
      routeHref('orderDetail', { id: 31 }),
    );
    expect(queries(salesApi.demandDetail.path)[0]).toEqual({
      materialsId: 5,
      granularity: 'week',
      periodStart: '2026-12-07',
    });
  });

  it('without the keys: no 明细, no 导出', async () => {
    signIn(['salesdemandlist']);
    open();
    await screen.findByText('2026年第50周');
    expect(screen.queryByText('明细')).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });
});
