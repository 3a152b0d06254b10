import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { outsourcingApi } from '@factory/shared/api/outsourcing';
import { routeHref } from '@factory/shared/routes';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import OutsourceOrderList from './OutsourceOrderList.tsx';
import { OUTSOURCE_ORDERS, type OutsourceOrder } from './outsourcingParts.ts';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const row = (id: number, over: Partial<OutsourceOrder>) =>
  ({
    id,
    version: 1,
    code: `WW20261127${String(id).padStart(3, '0')}`,
    supplierId: null,
    supplierName: null,
    workOrderId: 7,
    taskId: 70 + id,
    workOrderCode: 'WO20261120001',
    materialsName: 'S13-M-400/10 油浸式变压器',
    materialsCode: 'S13-M-400',
    materialsSpecifications: null,
    unitName: '台',
    procedureName: '油箱喷漆',
    quantity: 4,
    unitPrice: 0,
    amount: 0,
    planReturnDate: null,
    sentQuantity: 0,
    receivedGoodQuantity: 0,
    receivedDefectQuantity: 0,
    status: 0,
    isOverdue: 0,
    createdByName: null,
    remark: '工单下达时生成',
    createdAt: '2026-11-20 09:00:00',
    ...over,
  }) as OutsourceOrder;
const ROWS = [
  row(1, {}),
  row(2, {
    status: 2,
    isOverdue: 1,
    supplierId: 4,
    supplierName: '某变压器油有限公司',
    unitPrice: 180,
    amount: 720,
    planReturnDate: '2026-11-24',
    sentQuantity: 4,
  }),
];

beforeEach(() => {
  useSession.setState({
    user: {
      id: 5,
      userName: 'jihua01',
      permissions: [
        'outsourcelists',
        'outsourcelistsadd',
        'outsourcelistsmodify',
        'outsourcelistsdel',
        'outsourcelistsdetail',
        'outsourcelistsconfirm',
        'outsourcelistssend',
        'outsourcelistsreceive',
      ],
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });
  send.mockImplementation(async (_method, path) => {
    if (path === OUTSOURCE_ORDERS.listPage.path) return { content: ROWS, total: ROWS.length } as never;
    if (path === basicConfigApi.value.path) return '[10,20,50]' as never;
    if (path === outsourcingApi.receive.path) return { id: 2, version: 2, status: 3 } as never;
    throw new Error(`unexpected call ${path}`);
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const rowOf = (code: string) => screen.getByText(code).closest('tr') as HTMLElement;
const actionsOf = (code: string) =>
  within(rowOf(code))
    .getAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''));

describe('OutsourceOrderList', () => {
  it('offers what each state allows and tags the overdue order', async () => {
    mountPage(<OutsourceOrderList />, routeHref('outSourceLists'));
    await screen.findByText('WW20261127001');
    const draft = actionsOf('WW20261127001');
    expect(draft).toEqual(expect.arrayContaining(['详情', '确认']));
    expect(draft).not.toContain('发外');
    expect(draft).not.toContain('收回');
    const sent = actionsOf('WW20261127002');
    expect(sent).toEqual(expect.arrayContaining(['详情', '发外', '收回']));
    expect(sent).not.toContain('确认');
    expect(within(rowOf('WW20261127002')).getByText('逾期')).toBeTruthy();
    expect(within(rowOf('WW20261127001')).queryByText('逾期')).toBeNull();
    expect(within(rowOf('WW20261127002')).getByText('已发外')).toBeTruthy();
    expect(screen.getByRole('button', { name: /新增/ })).toBeTruthy();
  });

  it('receives back what is out, at the version the row was read at', async () => {
    mountPage(<OutsourceOrderList />, routeHref('outSourceLists'));
    await screen.findByText('WW20261127002');
    fireEvent.click(within(rowOf('WW20261127002')).getByRole('button', { name: /收回/ }));
    const ok = await screen.findByRole('button', { name: /确定收回/ });
    fireEvent.click(ok);
    await waitFor(() => expect(send.mock.calls.some((c) => c[1] === outsourcingApi.receive.path)).toBe(true));
    const body = send.mock.calls.find((c) => c[1] === outsourcingApi.receive.path)?.[2]?.body;
    expect(body).toEqual({
      id: 2,
      version: 1,
      goodQuantity: 4,
      defectQuantity: 0,
      scrapReasonId: null,
      remark: null,
    });
  });
});
