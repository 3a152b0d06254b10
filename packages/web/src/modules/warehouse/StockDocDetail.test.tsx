import { basicConfigApi } from '@factory/shared/api/basicConfig';
import type { DetailOf } from '@factory/shared/entities/schema';
import type { stockDocEntity } from '@factory/shared/entities/stockDoc';
import { routeHref, routePath } from '@factory/shared/routes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import StockDocDetail from './StockDocDetail.tsx';
import { STOCK_DOCS } from './stockDocParts.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

/** A report's backflush: posted by the system, its source the report. */
const fed: DetailOf<typeof stockDocEntity> = {
  id: 41,
  version: 2,
  sourceKind: 1,
  code: 'CRK20261126007',
  kind: 1,
  stockTypeId: 6,
  stockTypeName: '生产投料',
  warehouseId: 3,
  warehouseName: '油变一线线边仓',
  targetWarehouseId: null,
  targetWarehouseName: null,
  status: 2,
  supplierId: null,
  supplierName: null,
  sourceNumber: 'BG202611260003',
  lineCount: 1,
  totalQuantity: 40,
  postedAt: '2026-11-26 10:00:00',
  postedByName: '系统',
  createdByName: '陈静',
  remark: '报工倒冲（工单 WO20261126001）',
  createdAt: '2026-11-26 10:00:00',
  lines: [
    {
      id: 90,
      materialsId: 5,
      materialsName: '漆包铜线',
      materialsCode: 'YCL-001',
      materialsSpecifications: 'Φ1.8',
      unitName: 'kg',
      batchCode: 'CU-B1',
      locationId: null,
      locationName: null,
      targetLocationId: null,
      targetLocationName: null,
      quantity: 40,
      remark: null,
    },
  ],
};
/** The same type written and approved by a keeper: reversed as any other. */
const byKeeper = { ...fed, id: 42, code: 'CRK20261126008', sourceKind: null, postedByName: '陈静' };

const signIn = (permissions: string[]) =>
  useSession.setState({
    user: { id: 5, userName: 'cangguan', permissions, companyInfo: { flags: {} } } as unknown as SessionUser,
  });

beforeEach(() => {
  signIn(['warehouserecord', 'warehouserecordreverse']);
  send.mockImplementation(async (_method, path, options) => {
    if (path === STOCK_DOCS.detail.path)
      return [fed, byKeeper].find(
        (d) => d.id === (options?.query as { id?: number } | undefined)?.id,
      ) as never;
    if (path === basicConfigApi.value.path) return '[10,20,50]' as never;
    throw new Error(`unexpected call ${path}`);
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const open = (id: number) =>
  render(
    <MemoryRouter initialEntries={[routeHref('warehouseOperateDetail', { id })]}>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <Routes>
            <Route path={routePath('warehouseOperateDetail')} element={<StockDocDetail />} />
          </Routes>
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
const buttonLabels = () => screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));

describe('StockDocDetail', () => {
  it('offers no 冲销 on a document production made, and says which source undoes it, linked', async () => {
    open(fed.id);
    await screen.findByText(fed.code ?? '');
    expect(buttonLabels()).not.toContain('冲销');
    const source = screen.getByRole('link', { name: 'BG202611260003' });
    expect(source.getAttribute('href')).toBe(
      `${routeHref('reportRecords')}?q=${encodeURIComponent(JSON.stringify({ code: 'BG202611260003' }))}`,
    );
    expect(source.closest('.ant-typography')?.textContent).toBe(
      '由报工记录 BG202611260003 自动生成，不能冲销；请撤销该报工记录',
    );
  });

  it('offers 冲销 on a keeper’s document of the same type, without the hint', async () => {
    open(byKeeper.id);
    await screen.findByText(byKeeper.code);
    expect(buttonLabels()).toContain('冲销');
    expect(screen.queryByText(/不能冲销/)).toBeNull();
  });

  it('says nothing where the user may not reverse at all', async () => {
    signIn(['warehouserecord']);
    open(fed.id);
    await screen.findByText(fed.code ?? '');
    expect(buttonLabels()).not.toContain('冲销');
    expect(screen.queryByText(/不能冲销/)).toBeNull();
  });
});
