import { type CountLineRow, warehouseApi } from '@factory/shared/api/warehouse';
import { machineEndpoints } from '@factory/shared/machines/endpoints';
import { stockCountMachine } from '@factory/shared/machines/warehouse';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import InventoryAccount from './InventoryAccount.tsx';
import {
  COUNTS,
  changedLines,
  differenceOf,
  fillFromBook,
  progressOf,
  type StockCount,
  visibleLines,
} from './stockCountParts.ts';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const ACTIONS = machineEndpoints(stockCountMachine);

const sheet = (id: number, more: Partial<StockCount>): StockCount =>
  ({
    id,
    version: 2,
    code: `PD20261126${String(id).padStart(3, '0')}`,
    warehouseId: 3,
    warehouseName: '原材料库',
    warehouseAreaId: 5,
    warehouseAreaName: '硅钢区',
    isBlind: false,
    status: 1,
    lineCount: 3,
    differenceCount: 0,
    startedAt: '2026-11-26 09:00:00',
    postedAt: null,
    adjustCodes: null,
    countedByName: '陈静',
    postedByName: null,
    createdByName: '陈静',
    remark: null,
    createdAt: '2026-11-26 08:50:00',
    ...more,
  }) as StockCount;

const draft = sheet(1, {
  status: 0,
  lineCount: 0,
  warehouseAreaId: null,
  warehouseAreaName: null,
  startedAt: null,
});
const counting = sheet(2, {});
const blind = sheet(3, { isBlind: true, differenceCount: null });
const submitted = sheet(4, { status: 2, differenceCount: 1 });
const SHEETS = [draft, counting, blind, submitted];

const line = (id: number, more: Partial<CountLineRow>): CountLineRow => ({
  id,
  materialsId: id * 10,
  materialsCode: `YCL-GB-00${id}`,
  materialsName: '硅钢片',
  materialsSpecifications: '0.30mm',
  unitName: 'kg',
  locationId: 40 + id,
  locationName: `B-01-0${id}`,
  batchCode: `B2026110${id}`,
  bookQuantity: 100,
  countedQuantity: null,
  difference: null,
  remark: null,
  ...more,
});
const LINES = [
  line(1, { bookQuantity: 120.5 }),
  line(2, { bookQuantity: 80, countedQuantity: 80, difference: 0 }),
  line(3, { bookQuantity: 45 }),
];
const BLIND_LINES = LINES.map((l) => ({ ...l, bookQuantity: null, difference: null }));

describe('count rules', () => {
  it('tells the difference at 6 decimals, none until counted or while the book is hidden', () => {
    expect(differenceOf(120.5, 118.3)).toBe(-2.2);
    expect(differenceOf(0.1, 0.3)).toBe(0.2);
    expect(differenceOf(80, null)).toBeNull();
    expect(differenceOf(null, 5)).toBeNull();
  });

  it('sends only what changed, and fills what is not counted from the book', () => {
    expect(changedLines(LINES, {})).toEqual([]);
    const edits = {
      1: { counted: 121, remark: ' 货架后发现 ' },
      2: { counted: 80, remark: null },
    };
    expect(changedLines(LINES, edits)).toEqual([{ id: 1, countedQuantity: 121, remark: '货架后发现' }]);
    const filled = fillFromBook(LINES, edits);
    expect(LINES.map((l) => filled[l.id]?.counted ?? l.countedQuantity)).toEqual([121, 80, 45]);
    expect(fillFromBook(BLIND_LINES, {})).toEqual({});
    expect(progressOf(LINES, filled)).toEqual({ total: 3, counted: 3, differences: 1 });
  });

  it('shows all lines, those still to count, or those that differ, searched by material, place or batch', () => {
    const edits = { 1: { counted: 121, remark: null } };
    expect(visibleLines(LINES, edits, 'open').map((l) => l.id)).toEqual([3]);
    expect(visibleLines(LINES, edits, 'differences').map((l) => l.id)).toEqual([1]);
    expect(visibleLines(LINES, edits, 'all', 'b-01-02').map((l) => l.id)).toEqual([2]);
  });
});

describe('the 盘点 tab', { timeout: 90_000 }, () => {
  let lines: CountLineRow[];
  beforeEach(() => {
    lines = LINES;
    useSession.setState({
      user: {
        id: 9,
        userName: 'cangguan01',
        permissions: ['inventoryaccount', 'warehouserecord'].concat(
          ['add', 'modify', 'del', 'start', 'submit', 'reject', 'audit', 'cancel'].map(
            (a) => `inventoryaccount${a}`,
          ),
        ),
        fields: '',
        companyInfo: { flags: {} },
      } as unknown as SessionUser,
    });
    send.mockImplementation(async (_method, path, options) => {
      const query = options?.query as { id?: number } | undefined;
      if (path === COUNTS.listPage.path) return { content: SHEETS, total: SHEETS.length } as never;
      if (path === COUNTS.detail.path) return SHEETS.find((s) => s.id === query?.id) as never;
      if (path === warehouseApi.countLines.path)
        return (query?.id === blind.id ? BLIND_LINES : lines) as never;
      if (path === warehouseApi.saveCounts.path) return { id: 2, version: 3 } as never;
      if (path === ACTIONS.log.path) return [] as never;
      if (path === ACTIONS.actions.start.path) return { id: 1, version: 3 } as never;
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
      <MemoryRouter initialEntries={['/warehouse/inventory-info/inventory-account?tab=counts']}>
        <QueryClientProvider client={new QueryClient()}>
          <App>
            <InventoryAccount />
          </App>
        </QueryClientProvider>
      </MemoryRouter>,
    );
  const rowOf = (s: StockCount) => document.querySelector(`tr[data-row-key="${s.id}"]`) as HTMLElement;
  const drawer = () => document.querySelector('.ant-drawer-section') as HTMLElement;
  const colorOf = (el: HTMLElement) => (el.closest('.ant-typography') as HTMLElement).style.color;
  const calls = (path: string) => send.mock.calls.filter(([, p]) => p === path);

  it('lists the sheets with their states, and offers the actions each state allows', async () => {
    mount();
    await waitFor(() => expect(rowOf(submitted)).toBeTruthy());
    expect(screen.getByRole('button', { name: /新增盘点单/ })).toBeTruthy();
    expect(within(rowOf(draft)).getByText('草稿')).toBeTruthy();
    expect(within(rowOf(draft)).getByText('整个仓库')).toBeTruthy();
    expect(within(rowOf(counting)).getByText('盘点中')).toBeTruthy();
    expect(within(rowOf(blind)).getByText('盲盘')).toBeTruthy();
    expect(within(rowOf(submitted)).getByText('待审核')).toBeTruthy();
    const labels = (s: StockCount) =>
      Array.from(rowOf(s).querySelectorAll('button')).map((b) => b.textContent?.replace(/\s/g, ''));
    expect(labels(draft)).toEqual(expect.arrayContaining(['修改', '查看', '开始盘点']));
    expect(labels(counting)).toEqual(expect.arrayContaining(['查看', '提交']));
    expect(labels(counting)).not.toContain('修改');
    expect(labels(submitted)).toEqual(expect.arrayContaining(['审核过账', '驳回']));

    // starting asks first, with the machine's words, and sends the version read
    fireEvent.click(within(rowOf(draft)).getByRole('button', { name: '开始盘点' }));
    await screen.findByText(/开始后将按当前账面生成盘点明细/);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls(ACTIONS.actions.start.path)).toHaveLength(1));
    expect(calls(ACTIONS.actions.start.path)[0][2]?.body).toEqual({ id: 1, version: 2 });
  });

  it('counts a sheet in its drawer: the difference coloured, only the differences, saved with the version read', async () => {
    mount();
    await waitFor(() => expect(rowOf(counting)).toBeTruthy());
    fireEvent.click(within(rowOf(counting)).getByText(counting.code ?? ''));
    const first = (await screen.findByLabelText('第1行实盘数量')) as HTMLInputElement;
    const sheetView = within(drawer());
    expect(sheetView.getAllByText('账面数量').length).toBeGreaterThan(0);
    expect(sheetView.getByText('120.5 kg')).toBeTruthy();
    expect(sheetView.getByText('已录入 1 / 3 行，差异 0 行')).toBeTruthy();
    // the actions wait while something is not saved
    expect(sheetView.getByRole('button', { name: /提\s*交/ })).toBeTruthy();

    fireEvent.change(first, { target: { value: '118.3' } });
    const loss = await sheetView.findByText('-2.2 kg');
    expect(colorOf(loss)).toBe('#cf1322');
    expect(sheetView.getByText('有未保存的录入，请先保存盘点结果')).toBeTruthy();
    expect(sheetView.queryByRole('button', { name: /提\s*交/ })).toBeNull();
    fireEvent.change(sheetView.getByLabelText('第3行实盘数量'), { target: { value: '46' } });
    const gain = await sheetView.findByText('+1 kg');
    expect(colorOf(gain)).toBe('#389e0d');

    fireEvent.click(sheetView.getByText('只看差异'));
    await waitFor(() => expect(sheetView.queryByLabelText('第2行实盘数量')).toBeNull());
    expect(sheetView.getByLabelText('第1行实盘数量')).toBeTruthy();
    expect(sheetView.getByLabelText('第3行实盘数量')).toBeTruthy();

    fireEvent.click(sheetView.getByRole('button', { name: /保存盘点结果/ }));
    await waitFor(() => expect(calls(warehouseApi.saveCounts.path)).toHaveLength(1));
    expect(calls(warehouseApi.saveCounts.path)[0][2]?.body).toEqual({
      id: 2,
      version: 2,
      lines: [
        { id: 1, countedQuantity: 118.3, remark: null },
        { id: 3, countedQuantity: 46, remark: null },
      ],
    });
    expect((await screen.findAllByText('保存成功')).length).toBeGreaterThan(0);
  });

  it('fills what is not counted from the book in one go', async () => {
    mount();
    await waitFor(() => expect(rowOf(counting)).toBeTruthy());
    fireEvent.click(within(rowOf(counting)).getByRole('button', { name: '查看' }));
    await screen.findByLabelText('第1行实盘数量');
    fireEvent.click(within(drawer()).getByRole('button', { name: /未录入按账面填入/ }));
    await waitFor(() =>
      expect((screen.getByLabelText('第3行实盘数量') as HTMLInputElement).value).toBe('45'),
    );
    expect((screen.getByLabelText('第1行实盘数量') as HTMLInputElement).value).toBe('120.5');
    expect(within(drawer()).getByText('已录入 3 / 3 行，差异 0 行')).toBeTruthy();
  });

  it('hides the book of a blind count while counting', async () => {
    mount();
    await waitFor(() => expect(rowOf(blind)).toBeTruthy());
    fireEvent.click(within(rowOf(blind)).getByRole('button', { name: '查看' }));
    await screen.findByLabelText('第1行实盘数量');
    const sheetView = within(drawer());
    expect(sheetView.queryAllByText('账面数量')).toHaveLength(0);
    expect(sheetView.queryByText('120.5 kg')).toBeNull();
    expect(sheetView.queryByRole('button', { name: /未录入按账面填入/ })).toBeNull();
    expect(sheetView.getByText('已录入 1 / 3 行')).toBeTruthy();
    expect(sheetView.getByText('只看差异').closest('.ant-segmented-item-disabled')).toBeTruthy();
  });
});
