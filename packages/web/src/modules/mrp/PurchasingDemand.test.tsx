import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { purchaseApi } from '@factory/shared/api/purchase';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { supplierEntity } from '@factory/shared/entities/partner';
import { purchaseRequestEntity } from '@factory/shared/entities/purchase';
import type { RowOf } from '@factory/shared/entities/schema';
import { routeHref } from '@factory/shared/routes';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import PurchasingDemand, { namedSupplier } from './PurchasingDemand.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const REQUESTS = entityEndpoints(purchaseRequestEntity);
const SUPPLIERS = entityEndpoints(supplierEntity).list;

type Request = RowOf<typeof purchaseRequestEntity> & { supplierId: number | null };
const req = (id: number, over: Partial<Request>): Request =>
  ({
    id,
    version: 1,
    code: `QG20261127${String(id).padStart(3, '0')}`,
    source: 0,
    materialsId: 5,
    materialsName: '硅钢片 30Q120',
    materialsCode: 'GG-30Q120',
    materialsSpecifications: '0.30mm',
    unitName: 'kg',
    quantity: 500,
    requiredDate: '2026-12-05 08:00:00',
    supplierId: null,
    supplierName: null,
    orderedQuantity: 0,
    status: 1,
    createdByName: '李强',
    remark: null,
    createdAt: '2026-11-27 09:00:00',
    ...over,
  }) as Request;

const ROWS = [
  req(1, { supplierId: 3, supplierName: '宝钢硅钢销售有限公司' }),
  req(2, { materialsName: '电解铜杆 8mm', quantity: 80, orderedQuantity: 30 }),
  req(3, { status: 0 }),
  req(4, { supplierId: 8, supplierName: '江南铜材有限公司' }),
];

const signIn = (permissions: string[]) =>
  useSession.setState({
    user: { id: 5, userName: 'caigou', permissions, companyInfo: { flags: {} } } as unknown as SessionUser,
  });

beforeEach(() => {
  signIn([
    'purchasingdemand',
    'purchasingdemandadd',
    'purchasingdemandmodify',
    'purchasingdemanddel',
    'purchasingdemandsubmit',
    'purchasingdemandorder',
  ]);
  send.mockImplementation(async (_method, path) => {
    if (path === REQUESTS.listPage.path) return { content: ROWS, total: ROWS.length } as never;
    if (path === SUPPLIERS.path)
      return {
        records: [
          { id: 3, name: '宝钢硅钢销售有限公司' },
          { id: 8, name: '江南铜材有限公司' },
        ],
        total: 2,
      } as never;
    if (path === purchaseApi.orderRequests.path) return { id: 41, code: 'CG20261127009' } as never;
    if (path === basicConfigApi.value.path) return '[10,20,50]' as never;
    throw new Error(`unexpected call ${path}`);
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const open = () => mountPage(<PurchasingDemand />, routeHref('purchasingDemand'));
/** Ticks the rows' boxes by request number. */
async function select(...codes: string[]) {
  for (const code of codes) {
    const row = (await screen.findByText(code)).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
  }
}
const orderButton = () => screen.getByRole('button', { name: /转采购订单/ });

describe('PurchasingDemand', () => {
  it('orders the selected submitted requests to the supplier they name, and links the new order', async () => {
    open();
    await screen.findByText('QG20261127001');
    expect((orderButton() as HTMLButtonElement).disabled).toBe(true);
    // MRP runs do not exist yet
    expect(screen.queryByRole('button', { name: /计算/ })).toBeNull();
    await select('QG20261127001', 'QG20261127002');
    await waitFor(() => expect((orderButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(orderButton());
    const dialog = await screen.findByRole('dialog');
    // the supplier request 1 names; request 2, 30 of 80 ordered, orders the rest
    expect(within(dialog).getByText('宝钢硅钢销售有限公司')).toBeTruthy();
    expect(within(dialog).getByText('50 kg')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /生成采购订单/ }));
    await waitFor(() =>
      expect(send.mock.calls.find((c) => c[1] === purchaseApi.orderRequests.path)?.[2]?.body).toEqual({
        ids: [1, 2],
        supplierId: 3,
      }),
    );
    const link = await screen.findByRole('link', { name: 'CG20261127009' });
    expect(link.getAttribute('href')).toBe(routeHref('purchaseOrderDetail', { id: 41 }));
  });

  it('asks for the supplier when the requests name none', async () => {
    open();
    await select('QG20261127002');
    fireEvent.click(orderButton());
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /生成采购订单/ }));
    expect(
      await within(dialog).findByText('请选择供应商', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(
      await screen.findByText('江南铜材有限公司', { selector: '.ant-select-item-option-content' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /生成采购订单/ }));
    await waitFor(() =>
      expect(send.mock.calls.find((c) => c[1] === purchaseApi.orderRequests.path)?.[2]?.body).toEqual({
        ids: [2],
        supplierId: 8,
      }),
    );
  });

  it('refuses requests not yet submitted, and requests naming two suppliers', async () => {
    open();
    await select('QG20261127003');
    fireEvent.click(orderButton());
    expect(await screen.findByText(/只有已提交且未下单的请购单可以转采购订单：QG20261127003/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await select('QG20261127003', 'QG20261127001', 'QG20261127004');
    fireEvent.click(orderButton());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/指定了不同的供应商/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: /生成采购订单/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('offers 转采购订单 only with its permission', async () => {
    signIn(['purchasingdemand', 'purchasingdemandsubmit']);
    open();
    await screen.findByText('QG20261127001');
    expect(screen.queryByRole('button', { name: /转采购订单/ })).toBeNull();
    // 提交 on the request to submit only
    const draft = screen.getByText('QG20261127003').closest('tr') as HTMLElement;
    expect(within(draft).getByRole('button', { name: /提\s*交/ })).toBeTruthy();
    const submitted = screen.getByText('QG20261127001').closest('tr') as HTMLElement;
    expect(within(submitted).queryByRole('button', { name: /提\s*交/ })).toBeNull();
  });
});

describe('namedSupplier', () => {
  it('is the one supplier the requests name, none when they name none, a conflict when two', () => {
    expect(namedSupplier([ROWS[0], ROWS[1]])).toEqual({
      supplier: { value: 3, label: '宝钢硅钢销售有限公司' },
      conflict: false,
    });
    expect(namedSupplier([ROWS[1]])).toEqual({ supplier: undefined, conflict: false });
    expect(namedSupplier([ROWS[0], ROWS[3]])).toEqual({ conflict: true });
  });
});
