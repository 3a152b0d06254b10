import { quotaApi } from '@factory/shared/api/quota';
import { type PrepLineRow, type StockBalanceRow, warehouseApi } from '@factory/shared/api/warehouse';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { warehouseEntity } from '@factory/shared/entities/warehouse';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { initialChoice, openLines, type PickChoice, PickModal, pickBody, pickFaults } from './PickModal.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const line = (l: Partial<PrepLineRow> & Pick<PrepLineRow, 'id' | 'materialsName'>): PrepLineRow => ({
  materialsId: l.id * 10,
  materialsCode: `YCL-${l.id}`,
  materialsSpecifications: null,
  unitName: 'kg',
  procedureName: '绕线',
  requiredQuantity: 30,
  issuedQuantity: 0,
  remainingQuantity: 30,
  heldQuantity: 0,
  ...l,
});

const copper = line({ id: 1, materialsName: '漆包铜线', requiredQuantity: 30, remainingQuantity: 30 });
// picked in full already: nothing to pick, not offered
const steel = line({
  id: 2,
  materialsName: '硅钢片',
  requiredQuantity: 12,
  issuedQuantity: 12,
  remainingQuantity: 0,
});
const paper = line({
  id: 3,
  materialsName: '绝缘纸',
  unitName: '张',
  requiredQuantity: 40,
  issuedQuantity: 15.5,
  remainingQuantity: 24.5,
});
const LINES = [copper, steel, paper];
const seqOf = (l: PrepLineRow) => LINES.indexOf(l) + 1;

const balance = (id: number, b: Partial<StockBalanceRow>): StockBalanceRow => ({
  id,
  warehouseId: 3,
  warehouseName: '原材料库',
  locationId: 7,
  locationName: 'A-01-01',
  batchId: id,
  batchCode: `B2026110${id}`,
  producedOn: null,
  onHand: 50,
  allocated: 0,
  available: 50,
  firstInAt: null,
  ...b,
});
const COPPER_STOCK = [
  balance(1, { available: 12.5 }),
  balance(2, { available: 40, locationId: 8, locationName: 'A-01-02' }),
];
const PAPER_STOCK = [balance(5, { batchCode: null, available: 100 })];
const TARGET = { id: 9, version: 4, code: 'BL20261124001', targetWarehouseName: '一线线边仓' };
const WAREHOUSES = entityEndpoints(warehouseEntity).list;

describe('pick rules', () => {
  it('offers the lines still to pick, each picked for all it still needs from the oldest stock', () => {
    expect(openLines(LINES)).toEqual([copper, paper]);
    expect(initialChoice(paper)).toEqual({ picked: true, quantity: 24.5, balanceId: null });
  });

  it('asks for the source warehouse and at least one line', () => {
    const none = (l: PrepLineRow): PickChoice => ({ ...initialChoice(l), picked: false });
    expect(pickFaults(undefined, LINES, none, seqOf).map((f) => f.message)).toEqual([
      '请选择发料仓库',
      '请至少勾选一行要领料的物料',
    ]);
    expect(pickFaults(3, LINES, initialChoice, seqOf)).toEqual([]);
  });

  it('names each picked line whose quantity is missing, not above 0 or above what it still needs', () => {
    const choices: Record<number, PickChoice> = {
      1: { picked: true, quantity: 30.000001, balanceId: null },
      3: { picked: true, quantity: 0, balanceId: null },
    };
    expect(pickFaults(3, LINES, (l) => choices[l.id] ?? initialChoice(l), seqOf)).toEqual([
      { lineId: 1, message: '第1行“漆包铜线”领料数量不能超过未领数量30' },
      { lineId: 3, message: '第3行“绝缘纸”领料数量须大于0' },
    ]);
    choices[3] = { picked: true, quantity: null, balanceId: null };
    choices[1] = { picked: false, quantity: 99, balanceId: null };
    expect(pickFaults(3, LINES, (l) => choices[l.id] ?? initialChoice(l), seqOf)).toEqual([
      { lineId: 3, message: '第3行“绝缘纸”请输入领料数量' },
    ]);
    // exactly what it still needs passes (compared at 6 decimals, not as floats)
    const exact = (l: PrepLineRow) => ({ ...initialChoice(l), quantity: l.id === 3 ? 15.5 + 9 : 30 });
    expect(pickFaults(3, LINES, exact, seqOf)).toEqual([]);
  });

  it('sends the picked lines with the chosen batch and location, at the version read', () => {
    const choices: Record<number, PickChoice> = {
      1: { picked: true, quantity: 10, balanceId: 2 },
      3: { picked: false, quantity: 24.5, balanceId: null },
    };
    const stock: Record<number, StockBalanceRow[]> = { 1: COPPER_STOCK, 3: PAPER_STOCK };
    const body = pickBody(
      TARGET,
      3,
      LINES,
      (l) => choices[l.id] ?? initialChoice(l),
      (l, id) => stock[l.id]?.find((b) => b.id === id),
    );
    expect(body).toEqual({
      id: 9,
      version: 4,
      warehouseId: 3,
      lines: [{ lineId: 1, quantity: 10, batchCode: 'B20261102', locationId: 8 }],
    });
    expect(pickBody(TARGET, 3, LINES, initialChoice, () => undefined).lines).toEqual([
      { lineId: 1, quantity: 30 },
      { lineId: 3, quantity: 24.5 },
    ]);
  });
});

describe('PickModal', () => {
  let pickAnswer: () => Promise<unknown>;
  beforeEach(() => {
    useSession.setState({
      user: {
        id: 5,
        userName: 'cangguan01',
        permissions: ['warehouseassign', 'warehouseassignmodify', 'inventory', 'warehouserecord'],
        companyInfo: { flags: {} },
      } as unknown as SessionUser,
    });
    pickAnswer = async () => ({ id: 9, version: 5, status: 3, docCode: 'CRK20261124007' });
    send.mockImplementation(async (_method, path, options) => {
      if (path === warehouseApi.prepLines.path) return LINES as never;
      if (path === WAREHOUSES.path)
        return { records: [{ id: 3, name: '原材料库', kind: 0 }], total: 1 } as never;
      if (path === warehouseApi.balances.path) {
        const q = options?.query as { materialsId: number };
        return (q.materialsId === 10 ? COPPER_STOCK : PAPER_STOCK) as never;
      }
      if (path === warehouseApi.pick.path) return (await pickAnswer()) as never;
      if (path === quotaApi.apply.path) return { id: 1, code: 'CE20261124001', version: 0 } as never;
      throw new Error(`unexpected call ${path}`);
    });
  });
  afterEach(() => {
    cleanup();
    send.mockReset();
    useSession.setState({ user: undefined });
  });

  const mount = (onChanged = vi.fn()) => {
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <App>
            <PickModal open prep={TARGET} onClose={() => {}} onChanged={onChanged} />
          </App>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    return onChanged;
  };
  const ok = () => screen.getByRole('button', { name: /领\s*料/ });
  const picks = () => send.mock.calls.filter(([, path]) => path === warehouseApi.pick.path);
  const quantity = (seq: number) => screen.getByLabelText(`第${seq}行领料数量`) as HTMLInputElement;
  const chooseWarehouse = async () => {
    fireEvent.mouseDown(screen.getByLabelText('发料仓库'));
    fireEvent.click(await screen.findByText('原材料库', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(send.mock.calls.filter(([, path]) => path === warehouseApi.balances.path)).toHaveLength(2),
    );
  };

  it('offers the lines still to pick with their remaining quantities, and asks for the warehouse first', async () => {
    mount();
    await screen.findByText('漆包铜线');
    expect(screen.queryByText('硅钢片')).toBeNull();
    expect(quantity(1).value).toBe('30');
    expect(quantity(3).value).toBe('24.5');
    fireEvent.click(ok());
    expect((await screen.findAllByText('请选择发料仓库')).length).toBeGreaterThan(0);
    expect(picks()).toHaveLength(0);
  });

  it('refuses more than a line still needs, naming it', async () => {
    mount();
    await screen.findByText('漆包铜线');
    await chooseWarehouse();
    fireEvent.change(quantity(3), { target: { value: '30' } });
    fireEvent.click(ok());
    expect(await screen.findByText('第3行“绝缘纸”领料数量不能超过未领数量24.5')).toBeTruthy();
    expect(picks()).toHaveLength(0);
  });

  it('shows the available batches of the source warehouse and sends the chosen one', async () => {
    const onChanged = mount();
    await screen.findByText('漆包铜线');
    await chooseWarehouse();
    // the warehouse's available stock of each line
    await screen.findByText('52.5 kg');
    fireEvent.mouseDown(screen.getByLabelText('第1行批次'));
    fireEvent.click(await screen.findByText('B20261102 · A-01-02 · 可用 40 kg'));
    fireEvent.change(quantity(1), { target: { value: '25' } });
    fireEvent.click(ok());
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(picks()[0][2]?.body).toEqual({
      id: 9,
      version: 4,
      warehouseId: 3,
      lines: [
        { lineId: 1, quantity: 25, batchCode: 'B20261102', locationId: 8 },
        { lineId: 3, quantity: 24.5 },
      ],
    });
    expect((await screen.findAllByText('领料成功')).length).toBeGreaterThan(0);
    expect(screen.getByText('CRK20261124007')).toBeTruthy();
    expect(screen.getByText('备料单状态：已备料')).toBeTruthy();
  });

  it('keeps the server’s refusal in the dialog, on the line it names', async () => {
    const onChanged = mount();
    await screen.findByText('漆包铜线');
    await chooseWarehouse();
    // only the paper: the body's first line is the order's third
    // the first box selects all, then one per line
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    pickAnswer = async () => {
      throw new ApiError('第1行领料数量超出未领数量20', 1, [
        { field: 'lines.0.quantity', message: '第1行领料数量超出未领数量20' },
      ]);
    };
    fireEvent.click(ok());
    expect(await screen.findByText('第3行“绝缘纸”：领料数量超出未领数量20')).toBeTruthy();
    expect(picks()[0][2]?.body).toMatchObject({ lines: [{ lineId: 3, quantity: 24.5 }] });
    // a shortage is the ledger's word, said as it is
    pickAnswer = async () => {
      throw new ApiError('库存不足：“绝缘纸”在“原材料库”可用 10 张，需要 24.5 张', 7);
    };
    fireEvent.click(ok());
    expect(await screen.findByText('库存不足：“绝缘纸”在“原材料库”可用 10 张，需要 24.5 张')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('offers an over-quota application when the production quota refuses, the excess prefilled', async () => {
    const onChanged = mount();
    await screen.findByText('漆包铜线');
    await chooseWarehouse();
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    const message = '超定额领料：“绝缘纸”定额 20 张，已领 0 张，本次 24.5 张；请先提交超定额申请并经审核通过';
    const refusal = {
      field: 'overQuota',
      message,
      workOrderId: 40,
      workOrderCode: 'WO20261124003',
      materialsId: 30,
      materialsName: '绝缘纸',
      unitName: '张',
      excess: 4.5,
      pendingCodes: [],
    };
    pickAnswer = async () => {
      throw new ApiError(message, 7, [refusal]);
    };
    expect(screen.queryByLabelText('申请原因')).toBeNull();
    fireEvent.click(ok());
    expect(await screen.findByText(message)).toBeTruthy();
    expect((screen.getByLabelText('超定额数量') as HTMLInputElement).value).toBe('4.5');
    const apply = screen.getByRole('button', { name: '提交超定额申请' });
    fireEvent.click(apply);
    expect(await screen.findByText('请输入申请原因')).toBeTruthy();
    expect(send.mock.calls.filter(([, path]) => path === quotaApi.apply.path)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('申请原因'), { target: { value: ' 试验返工 ' } });
    fireEvent.change(screen.getByLabelText('超定额数量'), { target: { value: '6' } });
    fireEvent.click(apply);
    expect(await screen.findByText(/超定额申请“CE20261124001”已提交/)).toBeTruthy();
    expect(send.mock.calls.find(([, path]) => path === quotaApi.apply.path)?.[2]?.body).toEqual({
      workOrderId: 40,
      materialsId: 30,
      quantity: 6,
      reason: '试验返工',
    });
    expect(picks()).toHaveLength(1);
    expect(onChanged).not.toHaveBeenCalled();
  });
});
