import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import PurchaseOrderAdd, { purchaseOrderBody } from './PurchaseOrderAdd.tsx';
import { PURCHASE_ORDERS, type PurchaseOrderDetail } from './purchaseParts.ts';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const PATH = '/purchase/purchase-order-add';

const order = (over: Partial<PurchaseOrderDetail>) =>
  ({
    id: 7,
    version: 2,
    code: 'CG20261127001',
    supplierId: 3,
    supplierName: '宝钢硅钢销售有限公司',
    buyerId: null,
    buyerName: null,
    confirmStatus: 1,
    status: 0,
    lineCount: 0,
    totalQuantity: 0,
    receivedQuantity: 0,
    totalAmount: 0,
    earliestDelivery: null,
    closeReason: null,
    remark: null,
    createdAt: '2026-11-27 09:00:00',
    lines: [],
    ...over,
  }) as PurchaseOrderDetail;

beforeEach(() => {
  useSession.setState({
    user: {
      id: 9,
      userName: 'caigou',
      permissions: ['purchaseorderlist', 'purchaseorderlistadd', 'purchaseorderlistmodify'],
      fields: '',
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

function show(url: string) {
  mountPage(
    <Routes>
      <Route path={PATH} element={<PurchaseOrderAdd />} />
    </Routes>,
    url,
  );
}

describe('the purchase order form', () => {
  it('asks for a supplier and each line’s material and quantity, starts at 13% tax, and hides what the detail page shows', async () => {
    send.mockImplementation(async (_m, path) => {
      throw new Error(`unexpected call ${path}`);
    });
    show(PATH);
    await screen.findByText('新增采购订单');
    expect(screen.getAllByLabelText(/^第\d+行物料$/)).toHaveLength(1);
    expect((screen.getByLabelText('第1行税率(%)') as HTMLInputElement).value).toBe('13');
    expect(screen.queryByText('已收货数量')).toBeNull();
    expect(screen.queryByText('请购单号')).toBeNull();
    expect(screen.getByText(/确认后即可按订单收货/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    await screen.findByText('请选择供应商');
    await screen.findByText('第1行“物料”不能为空');
    expect(screen.getByText('第1行“数量”不能为空')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the amount and the total as the quantity and price are typed', async () => {
    show(PATH);
    await screen.findByText('新增采购订单');
    fireEvent.change(screen.getByLabelText('第1行数量'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('第1行含税单价'), { target: { value: '12.345' } });
    await waitFor(() => expect(screen.getByText(/含税金额合计 12345 元/)).toBeTruthy());
  });

  it('will not edit a confirmed order, and says why', async () => {
    send.mockImplementation(async (_m, path) => {
      if (path === PURCHASE_ORDERS.detail.path) return order({}) as never;
      throw new Error(`unexpected call ${path}`);
    });
    show(`${PATH}?id=7`);
    await waitFor(() => expect(screen.getByText('采购订单“CG20261127001”已确认，不能编辑')).toBeTruthy());
    expect(screen.getByText('请先取消确认')).toBeTruthy();
  });

  it('will not edit a cancelled order, naming its state', async () => {
    send.mockImplementation(async (_m, path) => {
      if (path === PURCHASE_ORDERS.detail.path) return order({ confirmStatus: 0, status: 9 }) as never;
      throw new Error(`unexpected call ${path}`);
    });
    show(`${PATH}?id=7`);
    await waitFor(() => expect(screen.getByText('采购订单“CG20261127001”已取消，不能编辑')).toBeTruthy());
  });

  it('sends the head and each line’s material, quantity, price, tax rate, delivery date and remark — not what the server keeps', () => {
    const body = purchaseOrderBody({ supplierId: 3, code: ' ', buyerId: 9, remark: ' 月度备料 ' }, [
      {
        materialsId: 5,
        quantity: 1000,
        unitPrice: 12.5,
        taxRate: 13,
        deliveryTime: '2026-12-10 17:00:00',
        remark: '',
        amount: 12500,
        receivedQuantity: 600,
        requestCode: 'QG20261127001',
      },
    ]);
    expect(body).toEqual({
      code: null,
      supplierId: 3,
      buyerId: 9,
      remark: '月度备料',
      lines: [
        { materialsId: 5, quantity: 1000, unitPrice: 12.5, taxRate: 13, deliveryTime: '2026-12-10 17:00:00' },
      ],
    });
  });
});
