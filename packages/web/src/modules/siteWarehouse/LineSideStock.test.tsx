import { basicConfigApi } from '@factory/shared/api/basicConfig';
import {
  type AccountRow,
  type LineSideStockRow,
  lineSideApi,
  type StockBalanceRow,
  warehouseApi,
} from '@factory/shared/api/warehouse';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { sitWarehouseEntity } from '@factory/shared/entities/warehouse';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import LineSideAccount from './LineSideAccount.tsx';
import LineSideStock, { lineSideQuery } from './LineSideStock.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const LINE_SIDE_WAREHOUSES = entityEndpoints(sitWarehouseEntity).list;

const row = (r: Partial<LineSideStockRow> & Pick<LineSideStockRow, 'materialsId' | 'materialsName'>) => ({
  warehouseId: 7,
  warehouseCode: 'XBC001',
  warehouseName: '油变一线线边仓',
  areaName: '油变一线',
  materialsCode: `YCL-${r.materialsId}`,
  materialsSpecifications: null,
  materialsUnit: 'kg',
  currentQuantity: 50,
  allocatedQuantity: 0,
  availableQuantity: 50,
  needQuantity: 0,
  shortageQuantity: 0,
  workOrderCount: 0,
  batchCount: 1,
  ...r,
});
// short: 80 needed, 50 there
const copper = row({
  materialsId: 1,
  materialsName: '漆包铜线',
  needQuantity: 80,
  shortageQuantity: 30,
  workOrderCount: 2,
});
// covered
const steel = row({
  materialsId: 2,
  materialsName: '硅钢片',
  currentQuantity: 12,
  availableQuantity: 12,
  needQuantity: 10,
});
// left over, nothing needed
const paper = row({ materialsId: 3, materialsName: '绝缘纸', materialsUnit: '张' });
const ROWS = [copper, steel, paper];

const BATCHES: StockBalanceRow[] = [
  {
    id: 11,
    warehouseId: 7,
    warehouseName: '油变一线线边仓',
    locationId: null,
    locationName: null,
    batchId: 5,
    batchCode: 'CU-B20261101',
    producedOn: null,
    onHand: 50,
    allocated: 0,
    available: 50,
    firstInAt: '2026-11-24 09:00:00',
  },
];

const signIn = (permissions: string[]) =>
  useSession.setState({
    user: { id: 5, userName: 'xianbian', permissions, companyInfo: { flags: {} } } as unknown as SessionUser,
  });

beforeEach(() => {
  signIn(['warehouses', 'warehousesdetail', 'warehousesexport', 'sitwarehouseaccount']);
  send.mockImplementation(async (_method, path) => {
    if (path === basicConfigApi.value.path) return '[10,20,50]' as never;
    if (path === lineSideApi.stock.path) return { content: ROWS, total: ROWS.length } as never;
    if (path === LINE_SIDE_WAREHOUSES.path)
      return { records: [{ id: 7, name: '油变一线线边仓', areaName: '油变一线' }], total: 1 } as never;
    if (path === lineSideApi.balances.path) return BATCHES as never;
    if (path === lineSideApi.movements.path) return { content: [], total: 0 } as never;
    if (path === lineSideApi.account.path) {
      const account: AccountRow = {
        materialsId: 1,
        materialsCode: 'YCL-1',
        materialsName: '漆包铜线',
        materialsSpecifications: null,
        materialsUnit: 'kg',
        openingQuantity: 0,
        inQuantity: 80,
        outQuantity: 30,
        closingQuantity: 50,
        movementCount: 3,
      };
      return { content: [account], total: 1 } as never;
    }
    throw new Error(`unexpected call ${path}`);
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const mount = (page = <LineSideStock />) =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <App>{page}</App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
const rowOf = (r: LineSideStockRow) =>
  document.querySelector(`tr[data-row-key="${r.warehouseId}-${r.materialsId}"]`) as HTMLElement;
const calls = (path: string) => send.mock.calls.filter(([, p]) => p === path);
const lastStockQuery = () => calls(lineSideApi.stock.path).at(-1)?.[2]?.query;

describe('line-side stock query', () => {
  it('sends the chosen line-side warehouses, the typed material, only shortfalls and the order', () => {
    expect(
      lineSideQuery({ warehouseIds: [7, 8], keyword: ' CU ', shortOnly: true }, '-shortageQuantity'),
    ).toEqual({
      warehouseIdStr: '7,8',
      keyword: 'CU',
      shortOnly: 1,
      order: '-shortageQuantity',
    });
    expect(lineSideQuery({ shortOnly: false })).toEqual({
      warehouseIdStr: undefined,
      keyword: undefined,
      shortOnly: undefined,
      order: undefined,
    });
  });
});

// a whole report page in happy-dom takes seconds, more on a busy machine
describe('LineSideStock', { timeout: 90_000 }, () => {
  it('lists each place with its need and marks the shortfalls red', async () => {
    mount();
    await waitFor(() => expect(rowOf(copper)).toBeTruthy());
    expect(within(rowOf(copper)).getByText('缺料')).toBeTruthy();
    expect(within(rowOf(copper)).getByText('30').closest('.ant-typography-danger')).toBeTruthy();
    expect(within(rowOf(steel)).getByText('充足')).toBeTruthy();
    expect(within(rowOf(paper)).getByText('无需求')).toBeTruthy();
    expect(within(rowOf(copper)).getByText('油变一线')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
  });

  it('asks for only the shortfalls, and sorts by a column on the server', async () => {
    mount();
    await waitFor(() => expect(rowOf(copper)).toBeTruthy());
    fireEvent.click(screen.getByRole('checkbox', { name: '只看缺料' }));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lastStockQuery()).toMatchObject({ shortOnly: 1, currentPage: 1 }));
    fireEvent.click(screen.getAllByText('缺料', { selector: '.ant-table-column-title' })[0]);
    await waitFor(() => expect(lastStockQuery()).toMatchObject({ shortOnly: 1, order: '+shortageQuantity' }));
    fireEvent.click(screen.getAllByText('缺料', { selector: '.ant-table-column-title' })[0]);
    await waitFor(() => expect(lastStockQuery()).toMatchObject({ order: '-shortageQuantity' }));
  });

  it('opens a place’s batches and movements, read from the line-side calls for its warehouse only', async () => {
    mount();
    await waitFor(() => expect(rowOf(copper)).toBeTruthy());
    fireEvent.click(within(rowOf(copper)).getByText('YCL-1'));
    await screen.findByText('CU-B20261101');
    expect(calls(lineSideApi.balances.path)[0][2]?.query).toEqual({ materialsId: 1, warehouseIdStr: '7' });
    expect(screen.getByText('线边库存明细 — 油变一线线边仓 · YCL-1 漆包铜线')).toBeTruthy();
    expect(screen.getByText('（2 个工单）')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '库存流水' }));
    await waitFor(() => expect(calls(lineSideApi.movements.path)).toHaveLength(1));
    // a movement's balance is its batch's there (as the 批次库存 rows), not the material's
    expect((await screen.findAllByText('批次结存')).length).toBeGreaterThan(0);
    expect(screen.queryByText('结存')).toBeNull();
    // never the warehouse's own calls, which a line-side user may not read
    expect(calls(warehouseApi.balances.path)).toHaveLength(0);
    expect(calls(warehouseApi.movement.listPage.path)).toHaveLength(0);
  });

  it('offers neither the drawer nor the export without their permissions', async () => {
    signIn(['warehouses']);
    mount();
    await waitFor(() => expect(rowOf(copper)).toBeTruthy());
    expect(within(rowOf(copper)).queryByRole('button', { name: '明细' })).toBeNull();
    expect(within(rowOf(copper)).queryByText('YCL-1', { selector: 'a' })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });
});

describe('LineSideAccount', { timeout: 90_000 }, () => {
  it('reads the line-side account and filters by line-side warehouse', async () => {
    mount(<LineSideAccount />);
    await screen.findByText('漆包铜线');
    expect(screen.getByText('线边仓台账')).toBeTruthy();
    expect(calls(warehouseApi.account.path)).toHaveLength(0);
    expect(screen.getByText('线边仓', { selector: 'label' })).toBeTruthy();
    // exported only with the page's own Export permission
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });
});
