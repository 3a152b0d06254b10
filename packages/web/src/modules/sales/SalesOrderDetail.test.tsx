import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { type SalesOrderTrace, salesApi } from '@factory/shared/api/sales';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import type { salesOrderEntity } from '@factory/shared/entities/salesOrder';
import type { DetailOf } from '@factory/shared/entities/schema';
import { warehouseEntity } from '@factory/shared/entities/warehouse';
import { routeHref, routePath } from '@factory/shared/routes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { returnProblem } from './ReturnModal.tsx';
import SalesOrderDetail from './SalesOrderDetail.tsx';
import { SALES_ORDERS } from './salesParts.ts';

const WAREHOUSES = entityEndpoints(warehouseEntity).list;

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

/** Confirmed, 3 of 10 shipped; 7 made by a production order. */
const order: DetailOf<typeof salesOrderEntity> = {
  id: 7,
  version: 4,
  code: 'SO20261127001',
  customerId: 3,
  customerName: '国网江苏省电力有限公司',
  deliveryAddress: '南京东善桥变电站',
  salesmanId: null,
  salesmanName: null,
  confirmStatus: 1,
  status: 1,
  lineCount: 1,
  totalQuantity: 10,
  shippedQuantity: 3,
  totalAmount: 1_280_000,
  earliestDelivery: '2026-12-20 17:00:00',
  closeReason: null,
  remark: null,
  createdAt: '2026-11-27 09:00:00',
  lines: [
    {
      id: 70,
      materialsId: 5,
      materialsName: 'S13-M-400/10 油浸式变压器',
      materialsCode: 'S13-M-400',
      materialsSpecifications: '400kVA',
      unitName: '台',
      quantity: 10,
      unitPrice: 128_000,
      taxRate: 13,
      amount: 1_280_000,
      deliveryTime: '2026-12-20 17:00:00',
      linkedProduceQuantity: 7,
      producedQuantity: 5,
      shippedQuantity: 3,
      returnedQuantity: 1,
      remark: null,
    },
  ],
};
const trace: SalesOrderTrace = {
  overShipRate: 0,
  produceOrders: [
    {
      id: 31,
      code: 'MO20261127001',
      lineId: 70,
      quantity: 7,
      completedQuantity: 5,
      confirmStatus: 1,
      planStatus: 1,
    },
  ],
  shipments: [
    {
      stockDocId: 86,
      stockDocCode: 'CRK20261127001',
      lineId: 70,
      materialsName: 'S13-M-400/10 油浸式变压器',
      batchCode: 'B20261020',
      warehouseName: '成品库',
      quantity: 2,
      shippedAt: '2026-11-27 08:00:00',
      reversedAt: '2026-11-27 09:30:00',
      reversedByName: '王芳',
    },
    {
      stockDocId: 88,
      stockDocCode: 'CRK20261127003',
      lineId: 70,
      materialsName: 'S13-M-400/10 油浸式变压器',
      batchCode: 'B20261101',
      warehouseName: '成品库',
      quantity: 3,
      shippedAt: '2026-11-27 10:00:00',
      reversedAt: null,
      reversedByName: null,
    },
  ],
  returns: [
    {
      stockDocId: 90,
      stockDocCode: 'CRK20261127005',
      lineId: 70,
      materialsName: 'S13-M-400/10 油浸式变压器',
      warehouseName: '成品库',
      shippedBatchCode: 'B20261101',
      batchCode: 'B20261127009',
      quantity: 1,
      reason: '外壳磕碰',
      returnedAt: '2026-11-27 11:00:00',
      returnedByName: '王芳',
    },
  ],
  returnable: [{ lineId: 70, batchCode: 'B20261101', shipped: 3, returned: 1 }],
  stock: [{ lineId: 70, available: 5 }],
  batches: [
    { materialsId: 5, warehouseId: 2, warehouseName: '成品库', batchCode: 'B20261120', available: 5 },
  ],
};

const signIn = (permissions: string[]) =>
  useSession.setState({
    user: { id: 5, userName: 'xiaoshou', permissions, companyInfo: { flags: {} } } as unknown as SessionUser,
  });

beforeEach(() => {
  signIn([
    'salesorderlist',
    'salesorderlistship',
    'salesorderlistunship',
    'salesorderlistclose',
    'salesorderlistunconfirm',
    'salesorderlistreturn',
  ]);
  send.mockImplementation(async (_method, path) => {
    if (path === SALES_ORDERS.detail.path) return order as never;
    if (path === salesApi.trace.path) return trace as never;
    if (path === salesApi.ship.path)
      return { id: 7, version: 5, stockDocId: 89, stockDocCode: 'CRK20261127004' } as never;
    if (path === salesApi.unship.path) return { id: 7, version: 5, status: 0 } as never;
    if (path === salesApi.returnGoods.path)
      return { id: 7, version: 5, stockDocId: 91, stockDocCode: 'CRK20261127006' } as never;
    if (path === WAREHOUSES.path) return { records: [{ id: 2, name: '成品库', kind: 0 }], total: 1 } as never;
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
    <MemoryRouter initialEntries={[routeHref('salesOrderDetail', { id: order.id })]}>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <Routes>
            <Route path={routePath('salesOrderDetail')} element={<SalesOrderDetail />} />
          </Routes>
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
const buttonLabels = () => screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));

describe('SalesOrderDetail', () => {
  it('shows the order’s states and the actions its state and the user allow: 发货 and 关闭, not 取消确认 once shipped', async () => {
    open();
    await screen.findByText('SO20261127001');
    expect(screen.getByText('部分发货')).toBeTruthy();
    expect(buttonLabels()).toContain('发货');
    expect(buttonLabels()).toContain('关闭');
    expect(buttonLabels()).not.toContain('取消确认');
    expect(buttonLabels()).not.toContain('编辑');
  });

  it('follows the line: ordered, linked production, completed, shipped; the production order and the shipped batch linked', async () => {
    open();
    await screen.findByText('SO20261127001');
    await screen.findByRole('tab', { name: '生产订单（1）' });
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['产品明细（1）', '生产订单（1）', '发货记录（2）', '退货记录（1）', '操作日志']);
    fireEvent.click(screen.getByRole('tab', { name: '生产订单（1）' }));
    expect(screen.getByRole('link', { name: 'MO20261127001' }).getAttribute('href')).toBe(
      routeHref('orderDetail', { id: 31 }),
    );
    fireEvent.click(screen.getByRole('tab', { name: '发货记录（2）' }));
    expect(await screen.findByText('B20261101')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'CRK20261127003' })).toBeTruthy();
  });

  it('ships what is left of the line from the chosen batch', async () => {
    open();
    await screen.findByText('SO20261127001');
    await waitFor(() => expect(send.mock.calls.some((c) => c[1] === salesApi.trace.path)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /发货/ }));
    const dialog = await screen.findByRole('dialog');
    const quantity = within(dialog).getByLabelText('S13-M-400/10 油浸式变压器本次发货') as HTMLInputElement;
    expect(quantity.value).toBe('7');
    fireEvent.change(quantity, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认发货/ }));
    await waitFor(() => expect(send.mock.calls.some((c) => c[1] === salesApi.ship.path)).toBe(true));
    const call = send.mock.calls.find((c) => c[1] === salesApi.ship.path);
    expect(call?.[2]?.body).toEqual({
      id: 7,
      version: 4,
      warehouseId: 2,
      lines: [{ lineId: 70, quantity: 5, batchCode: null }],
    });
  });

  it('says the tenant’s over-ship tolerance in the 发货 dialog', async () => {
    const plain = send.getMockImplementation();
    send.mockImplementation(async (method, path, ...rest) =>
      path === salesApi.trace.path
        ? ({ ...trace, overShipRate: 5 } as never)
        : (plain as NonNullable<typeof plain>)(method, path, ...rest),
    );
    open();
    await screen.findByText('SO20261127001');
    await waitFor(() => expect(send.mock.calls.some((c) => c[1] === salesApi.trace.path)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /发货/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/允许超发 5%/)).toBeTruthy();
    const quantity = within(dialog).getByLabelText('S13-M-400/10 油浸式变压器本次发货') as HTMLInputElement;
    expect(quantity.value).toBe('7');
  });

  it('takes a shipment back with a reason (撤销发货); a shipment taken back is struck through, 已撤销', async () => {
    open();
    await screen.findByText('SO20261127001');
    fireEvent.click(await screen.findByRole('tab', { name: '发货记录（2）' }));
    await screen.findByText('B20261101');
    // the one taken back: marked, struck through, no action
    expect(screen.getByText('已撤销')).toBeTruthy();
    expect(screen.getByText('B20261020').closest('del')).toBeTruthy();
    expect(screen.getByText('B20261101').closest('del')).toBeNull();
    const buttons = screen.getAllByRole('button', { name: /撤销发货/ });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/撤销发货 · CRK20261127003/)).toBeTruthy();
    // a reason is required
    fireEvent.click(within(dialog).getByRole('button', { name: /确定撤销/ }));
    expect(await within(dialog).findByText('请输入撤销发货原因')).toBeTruthy();
    expect(send.mock.calls.some((c) => c[1] === salesApi.unship.path)).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('撤销发货原因'), { target: { value: ' 客户拒收 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确定撤销/ }));
    await waitFor(() => expect(send.mock.calls.some((c) => c[1] === salesApi.unship.path)).toBe(true));
    const call = send.mock.calls.find((c) => c[1] === salesApi.unship.path);
    expect(call?.[2]?.body).toEqual({ id: 7, version: 4, stockDocId: 88, reason: '客户拒收' });
    expect(await screen.findByText('撤销发货成功')).toBeTruthy();
  });

  it('lists the returns: the batch shipped from, the batch back in, why', async () => {
    open();
    await screen.findByText('SO20261127001');
    fireEvent.click(await screen.findByRole('tab', { name: '退货记录（1）' }));
    expect(await screen.findByText('B20261127009')).toBeTruthy();
    expect(screen.getByText('外壳磕碰')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'CRK20261127005' })).toBeTruthy();
  });

  it('takes goods back (退货): warehouse, quantity and reason asked in turn, the shipped batch when known', async () => {
    open();
    await screen.findByText('SO20261127001');
    await waitFor(() => expect(send.mock.calls.some((c) => c[1] === salesApi.trace.path)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /退\s*货/ }));
    const dialog = await screen.findByRole('dialog');
    const confirm = () => fireEvent.click(within(dialog).getByRole('button', { name: /确认退货/ }));
    confirm();
    expect(await within(dialog).findByText('请选择退货仓库')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByLabelText('退货仓库'));
    fireEvent.click(await screen.findByText('成品库', { selector: '.ant-select-item-option-content' }));
    confirm();
    expect(await within(dialog).findByText('请至少填写一行退货数量')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('S13-M-400/10 油浸式变压器本次退货'), {
      target: { value: '2' },
    });
    fireEvent.mouseDown(within(dialog).getByLabelText('S13-M-400/10 油浸式变压器发货批次'));
    fireEvent.click(
      await screen.findByText('B20261101 · 可退 2', { selector: '.ant-select-item-option-content' }),
    );
    confirm();
    expect(await within(dialog).findByText('请输入退货原因')).toBeTruthy();
    expect(send.mock.calls.some((c) => c[1] === salesApi.returnGoods.path)).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('退货原因'), { target: { value: ' 外壳磕碰 ' } });
    confirm();
    await waitFor(() => expect(send.mock.calls.some((c) => c[1] === salesApi.returnGoods.path)).toBe(true));
    const call = send.mock.calls.find((c) => c[1] === salesApi.returnGoods.path);
    expect(call?.[2]?.body).toEqual({
      id: 7,
      version: 4,
      warehouseId: 2,
      lines: [{ lineId: 70, quantity: 2, batchCode: 'B20261101' }],
      reason: '外壳磕碰',
    });
    expect(await screen.findByText('退货成功，入库单 CRK20261127006')).toBeTruthy();
  });

  it('refuses a return beyond shipped − returned, by line and by the batch named', () => {
    const lines = order.lines;
    expect(returnProblem(lines, { 70: { quantity: 2 } }, trace.returnable)).toBeUndefined();
    expect(returnProblem(lines, { 70: { quantity: 3 } }, trace.returnable)).toBe(
      '第1行“S13-M-400/10 油浸式变压器”本次退货 3 超出可退货数量 2',
    );
    const batches = [{ lineId: 70, batchCode: 'B20261101', shipped: 1, returned: 0 }];
    expect(returnProblem(lines, { 70: { quantity: 2, batchCode: 'B20261101' } }, batches)).toBe(
      '第1行“S13-M-400/10 油浸式变压器”批次“B20261101”本次退货 2 超出可退货数量 1',
    );
  });

  it('offers no 撤销发货 without its permission', async () => {
    signIn(['salesorderlist', 'salesorderlistship']);
    open();
    await screen.findByText('SO20261127001');
    fireEvent.click(await screen.findByRole('tab', { name: '发货记录（2）' }));
    await screen.findByText('B20261101');
    expect(screen.queryAllByRole('button', { name: /撤销发货/ })).toHaveLength(0);
  });
});
