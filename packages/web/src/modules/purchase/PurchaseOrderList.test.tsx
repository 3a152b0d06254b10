import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { routeHref } from '@factory/shared/routes';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import PurchaseOrderList from './PurchaseOrderList.tsx';
import { PURCHASE_ORDERS, type PurchaseOrder } from './purchaseParts.ts';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const row = (id: number, over: Partial<PurchaseOrder>) =>
  ({
    id,
    version: 1,
    code: `CG20261127${String(id).padStart(3, '0')}`,
    supplierId: 3,
    supplierName: '宝钢硅钢销售有限公司',
    buyerId: null,
    buyerName: null,
    confirmStatus: 0,
    status: 0,
    lineCount: 1,
    totalQuantity: 100,
    receivedQuantity: 0,
    totalAmount: 1250,
    earliestDelivery: '2026-12-10 17:00:00',
    closeReason: null,
    remark: null,
    createdAt: '2026-11-27 09:00:00',
    ...over,
  }) as PurchaseOrder;
const ROWS = [row(1, {}), row(2, { confirmStatus: 1, status: 1, receivedQuantity: 40 })];

beforeEach(() => {
  useSession.setState({
    user: {
      id: 5,
      userName: 'caigou',
      permissions: [
        'purchaseorderlist',
        'purchaseorderlistadd',
        'purchaseorderlistmodify',
        'purchaseorderlistdel',
        'purchaseorderlistdetail',
        'purchaseorderlistconfirm',
        'purchaseorderlistclose',
        'purchaseorderlistreceive',
      ],
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });
  send.mockImplementation(async (_method, path) => {
    if (path === PURCHASE_ORDERS.listPage.path) return { content: ROWS, total: ROWS.length } as never;
    if (path === basicConfigApi.value.path) return '[10,20,50]' as never;
    throw new Error(`unexpected call ${path}`);
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const actionsOf = (code: string) =>
  within(screen.getByText(code).closest('tr') as HTMLElement)
    .getAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''));

describe('PurchaseOrderList', () => {
  it('links each order to its page and offers what its state allows: 编辑 and 确认 on a draft, 关闭 once goods came', async () => {
    mountPage(<PurchaseOrderList />, routeHref('purchaseOrderList'));
    const link = await screen.findByRole('link', { name: 'CG20261127001' });
    expect(link.getAttribute('href')).toBe(routeHref('purchaseOrderDetail', { id: 1 }));
    expect(actionsOf('CG20261127001')).toEqual(expect.arrayContaining(['详情', '编辑', '确认']));
    const received = actionsOf('CG20261127002');
    expect(received).toEqual(expect.arrayContaining(['详情', '关闭']));
    expect(received).not.toContain('编辑');
    // 收货 is the order page's
    expect(received).not.toContain('收货');
    expect(screen.getByRole('button', { name: /新增采购订单/ })).toBeTruthy();
  });
});
