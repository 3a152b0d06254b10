import { warehouseApi } from '@factory/shared/api/warehouse';
import type { TenantFlags } from '@factory/shared/tenantFlags';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import StockDocList from './StockDocList.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const KEEPER = ['warehouserecord', 'warehouserecordadd', 'warehouserecordbatchstockin'];

const signIn = (flags: TenantFlags, permissions = KEEPER) =>
  useSession.setState({
    user: {
      id: 9,
      userName: 'cangguan01',
      permissions,
      fields: '',
      companyInfo: { flags },
    } as unknown as SessionUser,
  });

const mount = () =>
  render(
    <MemoryRouter initialEntries={['/warehouse/inventory-info/warehouse-record']}>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <StockDocList />
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );

describe('批量入库 on the stock document list', { timeout: 60_000 }, () => {
  beforeEach(() => {
    send.mockImplementation(async (_method, path) => {
      if (path === warehouseApi.stockDoc.listPage.path) return { content: [], total: 0 } as never;
      throw new Error(`unexpected call ${path}`);
    });
  });
  afterEach(() => {
    cleanup();
    send.mockReset();
    useSession.setState({ user: undefined });
  });

  it('shows the button where the tenant has the flag, and it opens the import dialog', async () => {
    signIn({ batchStockIn: true });
    mount();
    fireEvent.click(await screen.findByRole('button', { name: /批量入库/ }));
    expect(await screen.findByText('批量导入入库明细')).toBeTruthy();
    expect(screen.getByText(/下载模板/)).toBeTruthy();
  });

  it('hides it from a tenant without the flag, and from a user without its permission', async () => {
    signIn({});
    mount();
    await screen.findByRole('button', { name: /新增出入库单/ });
    expect(screen.queryByRole('button', { name: /批量入库/ })).toBeNull();
    cleanup();

    signIn({ batchStockIn: true }, ['warehouserecord', 'warehouserecordadd']);
    mount();
    await screen.findByRole('button', { name: /新增出入库单/ });
    expect(screen.queryByRole('button', { name: /批量入库/ })).toBeNull();
  });
});
