import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { type PartNumsRow, sparePartStockApi } from '@factory/shared/api/sparePartStock';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import PartNums, { partNumsQuery } from './PartNums.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const row = (r: Partial<PartNumsRow> & Pick<PartNumsRow, 'materialsId' | 'materialsName'>): PartNumsRow => ({
  materialsCode: `BJ-${r.materialsId}`,
  materialsSpecifications: null,
  materialsUnit: '个',
  equipmentClassName: '绕线机',
  warehouseId: 3,
  warehouseName: '备件库',
  currentQuantity: 10,
  allocatedQuantity: 0,
  availableQuantity: 10,
  lowerLimit: 5,
  upperLimit: 20,
  limitState: 0,
  batchCount: 1,
  lastInAt: '2026-11-20 09:00:00',
  lastOutAt: null,
  ...r,
});
const bearing = row({ materialsId: 1, materialsName: '深沟球轴承 6205', currentQuantity: 2, limitState: 1 });
const belt = row({ materialsId: 2, materialsName: '同步带', currentQuantity: 30, limitState: 2 });
const fuse = row({ materialsId: 3, materialsName: '熔断器' });
const ROWS = [bearing, belt, fuse];

const signIn = (permissions: string[]) =>
  useSession.setState({
    user: { id: 5, userName: 'shebei02', permissions, companyInfo: { flags: {} } } as unknown as SessionUser,
  });

beforeEach(() => {
  signIn(['partnums', 'partnumsexport', 'partnumsimport']);
  send.mockImplementation(async (_method, path) => {
    if (path === basicConfigApi.value.path) return '[10,20,50]' as never;
    if (path === sparePartStockApi.stock.path) return { content: ROWS, total: ROWS.length } as never;
    if (path === sparePartStockApi.batches.path)
      return [
        {
          id: 11,
          warehouseId: 3,
          warehouseName: '备件库',
          locationId: null,
          locationName: null,
          batchId: 4,
          batchCode: 'ZC20261101',
          producedOn: null,
          onHand: 2,
          allocated: 0,
          available: 2,
          firstInAt: '2026-11-01 08:00:00',
        },
      ] as never;
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
          <PartNums />
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
const rowOf = (r: PartNumsRow) =>
  document.querySelector(`tr[data-row-key="${r.materialsId}-${r.warehouseId}"]`) as HTMLElement;
const lastQuery = () =>
  send.mock.calls.filter(([, p]) => p === sparePartStockApi.stock.path).at(-1)?.[2]?.query;

describe('spare-part stock query', () => {
  it('sends the chosen 备件仓, the typed part, the class, the limit state, zero stock and the order', () => {
    expect(
      partNumsQuery(
        { warehouseIds: [3, 4], keyword: ' 轴承 ', equipmentClassId: 2, limitState: 1, isShowZero: true },
        '-lastOutAt',
      ),
    ).toEqual({
      warehouseIdStr: '3,4',
      keyword: '轴承',
      equipmentClassId: 2,
      limitState: 1,
      isShowZero: 1,
      order: '-lastOutAt',
    });
    expect(partNumsQuery({ isShowZero: false })).toMatchObject({ isShowZero: undefined, keyword: undefined });
  });
});

// a whole report page in happy-dom takes seconds, more on a busy machine
describe('PartNums', { timeout: 90_000 }, () => {
  it('marks each part against its limits, offers import and export, and asks for zero stock', async () => {
    mount();
    await waitFor(() => expect(rowOf(bearing)).toBeTruthy());
    expect(within(rowOf(bearing)).getByText('低于安全库存')).toBeTruthy();
    expect(within(rowOf(belt)).getByText('高于上限')).toBeTruthy();
    expect(within(rowOf(fuse)).getByText('正常')).toBeTruthy();
    expect(within(rowOf(fuse)).getByText('2026-11-20 09:00:00')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /导入期初库存/ }));
    expect(await screen.findByText('批量导入备件期初库存')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '显示零库存' }));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ isShowZero: 1, currentPage: 1 }));
  });

  it('opens a part’s batches in its 备件仓 from the batch count', async () => {
    mount();
    await waitFor(() => expect(rowOf(bearing)).toBeTruthy());
    fireEvent.click(screen.getByLabelText('查看深沟球轴承 6205的批次'));
    expect(await screen.findByText('ZC20261101')).toBeTruthy();
    expect(send).toHaveBeenCalledWith(
      'GET',
      sparePartStockApi.batches.path,
      expect.objectContaining({ query: expect.objectContaining({ materialsId: 1, warehouseIdStr: '3' }) }),
    );
  });

  it('offers neither import nor export without their permissions', async () => {
    signIn(['partnums']);
    mount();
    await waitFor(() => expect(rowOf(bearing)).toBeTruthy());
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导入期初库存/ })).toBeNull();
  });
});
