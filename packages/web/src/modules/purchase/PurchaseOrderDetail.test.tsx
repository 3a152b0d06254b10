import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { type PurchaseOrderTrace, purchaseApi } from '@factory/shared/api/purchase';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import {
  warehouseAreaEntity,
  warehouseEntity,
  warehouseLocationEntity,
} from '@factory/shared/entities/warehouse';
import { machineEndpoints } from '@factory/shared/machines/endpoints';
import { purchaseOrderMachine } from '@factory/shared/machines/purchase';
import { routeHref, routePath } from '@factory/shared/routes';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage, testQueryClient } from '../../platform/testing.tsx';
import PurchaseOrderDetail from './PurchaseOrderDetail.tsx';
import { type PurchaseOrderDetail as Detail, PURCHASE_ORDERS } from './purchaseParts.ts';
import { receiveBody } from './ReceiveModal.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const WAREHOUSES = entityEndpoints(warehouseEntity).list;
const AREAS = entityEndpoints(warehouseAreaEntity).list;
const LOCATIONS = entityEndpoints(warehouseLocationEntity).list;
const CLOSE = machineEndpoints(purchaseOrderMachine).actions.close;

type Line = Detail['lines'][number];
const line = (over: Partial<Line>): Line =>
  ({
    id: 70,
    materialsId: 5,
    materialsName: '硅钢片 30Q120',
    materialsCode: 'GG-30Q120',
    materialsSpecifications: '0.30mm',
    unitName: 'kg',
    quantity: 1000,
    unitPrice: 12.5,
    taxRate: 13,
    amount: 12_500,
    deliveryTime: '2026-12-10 17:00:00',
    receivedQuantity: 600,
    requestCode: 'QG20261127001',
    remark: null,
    ...over,
  }) as Line;

/** Confirmed; line 1 600 of 1000 received, line 2 (copper) nothing yet. */
const order = {
  id: 7,
  version: 4,
  code: 'CG20261127001',
  supplierId: 3,
  supplierName: '宝钢硅钢销售有限公司',
  buyerId: null,
  buyerName: null,
  confirmStatus: 1,
  status: 1,
  lineCount: 2,
  totalQuantity: 1200,
  receivedQuantity: 600,
  totalAmount: 26_100,
  earliestDelivery: '2026-12-10 17:00:00',
  closeReason: null,
  remark: null,
  createdAt: '2026-11-27 09:00:00',
  lines: [
    line({}),
    line({
      id: 71,
      materialsId: 6,
      materialsName: '电解铜杆 8mm',
      materialsCode: 'TG-8',
      unitName: 'kg',
      quantity: 200,
      unitPrice: 68,
      amount: 13_600,
      receivedQuantity: 0,
      requestCode: null,
    }),
  ],
} as Detail;

const receipt = (over: Partial<PurchaseOrderTrace['receipts'][number]>) => ({
  id: 1,
  stockDocId: 86,
  stockDocCode: 'CRK20261127001',
  lineId: 70,
  materialsName: '硅钢片 30Q120',
  batchCode: 'B20261127001',
  supplierBatch: 'BG2611-07',
  productionDate: '2026-11-20',
  warehouseName: '原材料库',
  locationCode: 'A-01-01',
  quantity: 200,
  needsInspection: true,
  qualityStatus: 0,
  receivedAt: '2026-11-27 08:00:00',
  receivedByName: '王芳',
  reversedAt: null,
  ...over,
});
const trace: PurchaseOrderTrace = {
  overReceiptRate: 5,
  receipts: [
    receipt({ id: 1, batchCode: 'PUR-OLD', reversedAt: '2026-11-27 08:30:00' }),
    receipt({ id: 2, stockDocId: 88, stockDocCode: 'CRK20261127003', batchCode: 'PUR-A', quantity: 400 }),
    receipt({
      id: 3,
      stockDocId: 88,
      stockDocCode: 'CRK20261127003',
      batchCode: 'PUR-B',
      quantity: 200,
      supplierBatch: null,
      productionDate: null,
      locationCode: null,
      needsInspection: false,
      qualityStatus: 1,
    }),
  ],
};

const signIn = (permissions: string[]) =>
  useSession.setState({
    user: { id: 5, userName: 'caigou', permissions, companyInfo: { flags: {} } } as unknown as SessionUser,
  });

beforeEach(() => {
  signIn([
    'purchaseorderlist',
    'purchaseorderlistreceive',
    'purchaseorderlistreverse',
    'purchaseorderlistclose',
    'purchaseorderlistunconfirm',
    'purchaseorderlistmodify',
  ]);
  send.mockImplementation(async (_method, path) => {
    if (path === PURCHASE_ORDERS.detail.path) return order as never;
    if (path === purchaseApi.trace.path) return trace as never;
    if (path === purchaseApi.receive.path)
      return { id: 7, version: 5, stockDocId: 89, stockDocCode: 'CRK20261127004' } as never;
    if (path === purchaseApi.unreceive.path) return { id: 7, version: 5 } as never;
    if (path === WAREHOUSES.path)
      return { records: [{ id: 2, name: '原材料库', kind: 0 }], total: 1 } as never;
    if (path === AREAS.path) return { records: [{ id: 4, name: 'A区' }], total: 1 } as never;
    if (path === LOCATIONS.path)
      return { records: [{ id: 11, code: 'A-01-01', name: '一号位' }], total: 1 } as never;
    if (path === basicConfigApi.value.path) return '[10,20,50]' as never;
    throw new Error(`unexpected call ${path}`);
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const open = (client = testQueryClient()) =>
  mountPage(
    <Routes>
      <Route path={routePath('purchaseOrderDetail')} element={<PurchaseOrderDetail />} />
    </Routes>,
    routeHref('purchaseOrderDetail', { id: order.id }),
    client,
  );
const buttonLabels = () => screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));
const bodyOf = (path: string) => send.mock.calls.find((c) => c[1] === path)?.[2]?.body;

describe('PurchaseOrderDetail', () => {
  it('shows the states and the actions the state and the user allow: 收货 and 关闭, not 取消确认 or 编辑 once goods came', async () => {
    open();
    await screen.findByText('CG20261127001');
    expect(screen.getByText('部分收货')).toBeTruthy();
    expect(screen.getByText('已确认')).toBeTruthy();
    expect(buttonLabels()).toContain('收货');
    expect(buttonLabels()).toContain('关闭');
    expect(buttonLabels()).not.toContain('取消确认');
    expect(buttonLabels()).not.toContain('编辑');
    expect(buttonLabels()).not.toContain('取消');
    // the lines: received, what is left and the request each came from
    expect(screen.getByText('QG20261127001')).toBeTruthy();
    expect(await screen.findByText('5%')).toBeTruthy();
  });

  it('closes with a reason through the machine', async () => {
    open();
    await screen.findByText('CG20261127001');
    fireEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('关闭原因'), { target: { value: '供应商停产' } });
    send.mockImplementation(async (_m, path) => {
      if (path === CLOSE.path) return { id: 7, version: 5 } as never;
      if (path === PURCHASE_ORDERS.detail.path) return order as never;
      if (path === purchaseApi.trace.path) return trace as never;
      return { records: [], total: 0 } as never;
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bodyOf(CLOSE.path)).toEqual({ id: 7, version: 4, reason: '供应商停产' }));
  });

  it('receives what is left into the chosen warehouse and location, with the batch details typed', async () => {
    open();
    await screen.findByText('CG20261127001');
    await waitFor(() => expect(send.mock.calls.some((c) => c[1] === purchaseApi.trace.path)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /收\s*货/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/允许超收 5%/)).toBeTruthy();
    const first = within(dialog).getByLabelText('第1行本次收货') as HTMLInputElement;
    const second = within(dialog).getByLabelText('第2行本次收货') as HTMLInputElement;
    expect(first.value).toBe('400');
    expect(second.value).toBe('200');
    // nothing is sent without a warehouse
    fireEvent.click(within(dialog).getByRole('button', { name: /确认收货/ }));
    expect(
      await within(dialog).findByText('请选择收货仓库', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByLabelText('收货仓库'));
    fireEvent.click(await screen.findByText('原材料库', { selector: '.ant-select-item-option-content' }));
    // locations of the warehouse's areas
    await waitFor(() =>
      expect((within(dialog).getByLabelText('第1行库位') as HTMLInputElement).disabled).toBe(false),
    );
    fireEvent.mouseDown(within(dialog).getByLabelText('第1行库位'));
    fireEvent.click(await screen.findByText('A-01-01', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(first, { target: { value: '300' } });
    fireEvent.change(within(dialog).getByLabelText('第1行批次号'), { target: { value: ' PUR-C ' } });
    fireEvent.change(within(dialog).getByLabelText('第1行供应商批次'), { target: { value: 'BG2611-09' } });
    fireEvent.change(second, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认收货/ }));
    await waitFor(() => expect(bodyOf(purchaseApi.receive.path)).toBeTruthy());
    expect(bodyOf(purchaseApi.receive.path)).toEqual({
      id: 7,
      version: 4,
      warehouseId: 2,
      lines: [
        {
          lineId: 70,
          quantity: 300,
          locationId: 11,
          batchCode: 'PUR-C',
          supplierBatch: 'BG2611-09',
          productionDate: null,
        },
      ],
    });
    const filters = send.mock.calls.find((c) => c[1] === LOCATIONS.path)?.[2]?.query as {
      searchVal?: string;
    };
    expect(filters?.searchVal).toBeTruthy();
    expect(await screen.findByText('收货成功，入库单 CRK20261127004')).toBeTruthy();
  });

  it('shows a refusal on the line it names', async () => {
    open();
    await screen.findByText('CG20261127001');
    await waitFor(() => expect(send.mock.calls.some((c) => c[1] === purchaseApi.trace.path)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /收\s*货/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('收货仓库'));
    fireEvent.click(await screen.findByText('原材料库', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(within(dialog).getByLabelText('第1行本次收货'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('第2行批次号'), { target: { value: 'PUR-A' } });
    const refusal = '批次号“PUR-A”已存在，每次收货是一个新批次，请换一个批次号或留空自动编号';
    send.mockImplementationOnce(async () => {
      throw new ApiError(refusal, 4);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认收货/ }));
    expect(await within(dialog).findByText('该批次号已存在')).toBeTruthy();
    expect(within(dialog).getByText(refusal)).toBeTruthy();
    expect(screen.queryByText(/收货成功/)).toBeNull();
  });

  it('takes a receipt back with a reason (冲销收货); one taken back is struck through, 已冲销, with the batch’s incoming-inspection state (待检)', async () => {
    open();
    await screen.findByText('CG20261127001');
    fireEvent.click(await screen.findByRole('tab', { name: '收货记录（3）' }));
    await screen.findByText('PUR-A');
    expect(screen.getByText('已冲销')).toBeTruthy();
    expect(screen.getByText('PUR-OLD').closest('del')).toBeTruthy();
    expect(screen.getByText('PUR-A').closest('del')).toBeNull();
    expect(screen.getAllByText('待检')).toHaveLength(1);
    expect(screen.getAllByText('原材料库 / A-01-01')).toHaveLength(2);
    const buttons = screen.getAllByRole('button', { name: /冲销收货/ });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/冲销收货 · CRK20261127003/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确定冲销/ }));
    expect(await within(dialog).findByText('请输入冲销收货原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('冲销收货原因'), { target: { value: ' 规格不符 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确定冲销/ }));
    await waitFor(() =>
      expect(bodyOf(purchaseApi.unreceive.path)).toEqual({
        id: 7,
        version: 4,
        stockDocId: 88,
        reason: '规格不符',
      }),
    );
    expect(await screen.findByText('冲销收货成功')).toBeTruthy();
  });

  it('reads the order anew each time it is opened (back from the form that changed it), however fresh the last read', async () => {
    const client = testQueryClient(30_000);
    const first = open(client);
    await screen.findByText('CG20261127001');
    first.unmount();
    const priced = { ...order, lines: [line({ unitPrice: 13.75 }), order.lines[1]] };
    send.mockImplementation(async (_method, path) => {
      if (path === PURCHASE_ORDERS.detail.path) return priced as never;
      if (path === purchaseApi.trace.path) return trace as never;
      if (path === basicConfigApi.value.path) return '[10,20,50]' as never;
      throw new Error(`unexpected call ${path}`);
    });
    open(client);
    expect(await screen.findByText('13.75')).toBeTruthy();
  });

  it('offers neither 收货 nor 冲销收货 without their permissions', async () => {
    signIn(['purchaseorderlist']);
    open();
    await screen.findByText('CG20261127001');
    expect(buttonLabels()).not.toContain('收货');
    fireEvent.click(await screen.findByRole('tab', { name: '收货记录（3）' }));
    await screen.findByText('PUR-A');
    expect(screen.queryAllByRole('button', { name: /冲销收货/ })).toHaveLength(0);
  });
});

describe('the receive body', () => {
  it('leaves out lines without a quantity and sends empty texts and dates as null', () => {
    expect(
      receiveBody({ id: 7, version: 4 }, 2, [
        { lineId: 70, pick: { quantity: 5, productionDate: '2026-11-20', batchCode: '  ' } },
        { lineId: 71, pick: { quantity: 0, batchCode: 'X' } },
      ]),
    ).toEqual({
      id: 7,
      version: 4,
      warehouseId: 2,
      lines: [
        {
          lineId: 70,
          quantity: 5,
          locationId: null,
          batchCode: null,
          supplierBatch: null,
          productionDate: '2026-11-20',
        },
      ],
    });
  });
});
