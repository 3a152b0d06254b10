import type { salesOrderEntity } from '@factory/shared/entities/salesOrder';
import type { DetailOf } from '@factory/shared/entities/schema';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import SalesOrderAdd, { salesOrderBody } from './SalesOrderAdd.tsx';
import { SALES_ORDERS } from './salesParts.ts';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const PATH = '/sales/sales-order-add';

const confirmed: DetailOf<typeof salesOrderEntity> = {
  id: 7,
  version: 2,
  code: 'SO20261127001',
  customerId: 3,
  customerName: '国网江苏省电力有限公司',
  deliveryAddress: null,
  salesmanId: null,
  salesmanName: null,
  confirmStatus: 1,
  status: 0,
  lineCount: 0,
  totalQuantity: 0,
  shippedQuantity: 0,
  totalAmount: 0,
  earliestDelivery: null,
  closeReason: null,
  remark: null,
  createdAt: '2026-11-27 09:00:00',
  lines: [],
};

beforeEach(() => {
  useSession.setState({
    user: {
      id: 9,
      userName: 'xiaoshou',
      permissions: ['salesorderlist', 'salesorderlistadd', 'salesorderlistmodify'],
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
      <Route path={PATH} element={<SalesOrderAdd />} />
    </Routes>,
    url,
  );
}

describe('the sales order form', () => {
  it('says what is missing in the head and the lines, and sends nothing', async () => {
    send.mockImplementation(async (_m, path) => {
      throw new Error(`unexpected call ${path}`);
    });
    show(PATH);
    await screen.findByText('新增销售订单');
    expect(screen.getAllByLabelText(/^第\d+行产品$/)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    await screen.findByText('请选择客户');
    await screen.findByText('第1行“产品”不能为空');
    expect(screen.getByText('第1行“数量”不能为空')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('will not edit a confirmed order, and says why', async () => {
    send.mockImplementation(async (_m, path) => {
      if (path === SALES_ORDERS.detail.path) return confirmed as never;
      throw new Error(`unexpected call ${path}`);
    });
    show(`${PATH}?id=7`);
    await waitFor(() => expect(screen.getByText('销售订单“SO20261127001”已确认，不能编辑')).toBeTruthy());
  });

  it('sends the head and each line’s product, quantity, price, tax rate and delivery date', () => {
    const body = salesOrderBody({ customerId: 3, code: ' ', remark: '框架订单' }, [
      {
        materialsId: 5,
        quantity: 2,
        unitPrice: 98000,
        taxRate: 13,
        deliveryTime: '2026-12-20 17:00:00',
        amount: 196000,
        shippedQuantity: 0,
      },
    ]);
    expect(body).toEqual({
      code: null,
      customerId: 3,
      salesmanId: null,
      deliveryAddress: null,
      remark: '框架订单',
      lines: [
        { materialsId: 5, quantity: 2, unitPrice: 98000, taxRate: 13, deliveryTime: '2026-12-20 17:00:00' },
      ],
    });
  });
});
