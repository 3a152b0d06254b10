import { type DispositionRow, nonconformingApi } from '@factory/shared/api/quality';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HasPageContext } from '../../platform/pages.ts';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import {
  type Disposal,
  DisposeModal,
  disposalsFor,
  NONCONFORMINGS,
  type Nonconforming,
} from './DisposeModal.tsx';
import NonconformingList from './NonconformingList.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

/** A rejected incoming lot in stock: 100 held, 40 already returned. */
const lot: Nonconforming = {
  id: 12,
  version: 4,
  workOrderId: null,
  inspectionOrderId: 9,
  code: 'BHG202611280001',
  source: 1,
  sourceCode: 'ZJ202611280003',
  kind: 2,
  handlingStatus: 1,
  materialsName: '电磁线',
  materialsCode: 'WL0001',
  workOrderCode: null,
  procedureName: null,
  batchCode: 'B20261128',
  supplierName: '江南铜业',
  quantity: 100,
  handledQuantity: 40,
  repairQuantity: 0,
  scrapQuantity: 0,
  concessionQuantity: 0,
  returnQuantity: 40,
  defectSummary: '漆膜针孔 3',
  createdAt: '2026-11-28 09:00:00',
};
/** A report's defects still on the work order. */
const wip: Nonconforming = {
  ...lot,
  id: 13,
  code: 'BHG202611280002',
  source: 0,
  sourceCode: 'BG202611280011',
  inspectionOrderId: null,
  workOrderId: 21,
  workOrderCode: 'WO20261128001',
  procedureName: '绕线',
  kind: 0,
  handlingStatus: 0,
  batchCode: null,
  supplierName: null,
  quantity: 7.5,
  handledQuantity: 0,
  returnQuantity: 0,
};
const done: Nonconforming = {
  ...lot,
  id: 14,
  code: 'BHG202611280003',
  handlingStatus: 2,
  handledQuantity: 100,
};

const signIn = (buttons: string[], routes: string[] = []) =>
  useSession.setState({
    user: {
      id: 1,
      userName: 'zhijian01',
      permissions: [...['', ...buttons].map((b) => `unquality${b}`), ...routes],
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });

beforeEach(() => {
  signIn(['detail', 'repair', 'scrap', 'concession', 'return']);
  send.mockImplementation(async () => ({ id: 12, version: 5, handlingStatus: 1 }) as never);
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const sent = (path: string) => send.mock.calls.find(([, p]) => p === path)?.[2]?.body;
const quantityInput = () => screen.getByRole('spinbutton') as HTMLInputElement;

function openModal(disposal: Disposal, row: Nonconforming = lot) {
  const handlers = { onClose: vi.fn(), onDone: vi.fn(), onStale: vi.fn() };
  mountPage(<DisposeModal open row={row} disposal={disposal} {...handlers} />);
  return handlers;
}

// antd forms in happy-dom take seconds on a busy machine
describe('处置 of a non-conforming record', { timeout: 60_000 }, () => {
  it('starts from the remaining units and sends the quantity typed with the version read', async () => {
    const { onDone } = openModal('scrap');
    expect(await screen.findByText('报废 · BHG202611280001')).toBeTruthy();
    expect(screen.getByText('将从库存过账报废出库，确定吗？')).toBeTruthy();
    await waitFor(() => expect(quantityInput().value).toBe('60'));
    fireEvent.change(quantityInput(), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: /确认报废/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent(nonconformingApi.scrap.path)).toEqual({ id: 12, version: 4, quantity: 25 });
    expect(await screen.findByText('处置成功')).toBeTruthy();
  });

  it('sends nothing for no units', async () => {
    openModal('repair', wip);
    expect(await screen.findByText('将生成返修工单，确定吗？')).toBeTruthy();
    await waitFor(() => expect(quantityInput().value).toBe('7.5'));
    fireEvent.change(quantityInput(), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: /确认返修/ }));
    expect(await screen.findByText('返修数量应大于0')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('asks who approved a concession before sending it, then sends the note trimmed', async () => {
    const { onDone } = openModal('concession');
    await waitFor(() => expect(quantityInput().value).toBe('60'));
    const note = screen.getByPlaceholderText('请填写批准人及让步理由');
    fireEvent.click(screen.getByRole('button', { name: /确认让步接收/ }));
    await waitFor(() =>
      expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe(
        '请填写批准人及让步理由',
      ),
    );
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(note, { target: { value: '  质量部张工批准：针孔不影响绕制 ' } });
    fireEvent.click(screen.getByRole('button', { name: /确认让步接收/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent(nonconformingApi.concession.path)).toEqual({
      id: 12,
      version: 4,
      quantity: 60,
      remark: '质量部张工批准：针孔不影响绕制',
    });
  });

  it('returns a lot to its supplier on its own call, the note optional', async () => {
    const { onDone } = openModal('returnGoods');
    expect(await screen.findByText('将过账退货出库并计入采购订单的退货数量，确定吗？')).toBeTruthy();
    await waitFor(() => expect(quantityInput().value).toBe('60'));
    fireEvent.change(screen.getByPlaceholderText('可不填'), { target: { value: '退回重绕' } });
    fireEvent.click(screen.getByRole('button', { name: /确认退供应商/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(nonconformingApi.returnGoods.path).toMatch(/nonconforming\/returnToSupplier$/);
    expect(sent(nonconformingApi.returnGoods.path)).toEqual({
      id: 12,
      version: 4,
      quantity: 60,
      remark: '退回重绕',
    });
  });
});

describe('the non-conforming list', { timeout: 60_000 }, () => {
  const rowOf = (r: { id: number }) => document.querySelector(`tr[data-row-key="${r.id}"]`) as HTMLElement;
  const labels = (r: { id: number }) =>
    Array.from(rowOf(r).querySelectorAll('button')).map((b) => b.textContent?.replace(/\s/g, ''));
  const dispositions: DispositionRow[] = [
    {
      lineNo: 1,
      disposition: 3,
      quantity: 40,
      remark: '整批漆膜针孔',
      handledByName: '王芳',
      handledAt: '2026-11-28 10:00:00',
      madeCode: 'CK202611280004',
    },
  ];
  const mount = () => {
    send.mockImplementation(async (_method, path) => {
      if (path === NONCONFORMINGS.listPage.path) return { content: [lot, wip, done], total: 3 } as never;
      if (path === NONCONFORMINGS.detail.path) return lot as never;
      if (path === nonconformingApi.dispositions.path) return dispositions as never;
      return [] as never;
    });
    mountPage(
      <HasPageContext.Provider value={() => true}>
        <NonconformingList />
      </HasPageContext.Provider>,
    );
  };

  it('fits the dispositions to where the units are', () => {
    expect(disposalsFor(0)).toEqual(['repair', 'scrap', 'concession']);
    expect(disposalsFor(1)).toEqual(['repair', 'scrap', 'concession']);
    expect(disposalsFor(2)).toEqual(['scrap', 'concession', 'returnGoods']);
  });

  it('offers each row the dispositions its state, its kind and the user’s keys allow', async () => {
    signIn(['detail', 'repair', 'scrap', 'return']);
    mount();
    await waitFor(() => expect(rowOf(done)).toBeTruthy());
    expect(within(rowOf(lot)).getByText('部分处理')).toBeTruthy();
    expect(within(rowOf(wip)).getByText('待处理')).toBeTruthy();
    expect(within(rowOf(done)).getByText('已处理')).toBeTruthy();
    // a lot in stock is not repaired; no 让步接收 key
    expect(labels(lot)).toEqual(['详情', '报废', '退供应商']);
    // units on a work order are not returned
    expect(labels(wip)).toEqual(['详情', '返修', '报废']);
    expect(labels(done)).toEqual(['详情']);
  });

  it('详情 shows the record, its dispositions and its inspection order', async () => {
    signIn(['detail'], ['qualityinspectionorderdetail']);
    mount();
    await waitFor(() => expect(rowOf(lot)).toBeTruthy());
    fireEvent.click(within(rowOf(lot)).getByRole('button', { name: /详\s*情/ }));
    expect(await screen.findByText('不合格品详情 — BHG202611280001')).toBeTruthy();
    expect(await screen.findByText('CK202611280004')).toBeTruthy();
    expect(screen.getByText('整批漆膜针孔')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'ZJ202611280003' });
    expect(link.getAttribute('href')).toBe('/quality/quality-infos/quality-inspection-order-detail/9');
    // without the 处置 keys the drawer offers none
    expect(screen.queryByRole('button', { name: /报\s*废/ })).toBeNull();
    expect(send.mock.calls.find(([, p]) => p === nonconformingApi.dispositions.path)?.[2]?.query).toEqual({
      id: 12,
    });
  });
});
