import { routeHref, routePath } from '@factory/shared/routes';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import MouldHandle from './MouldHandle.tsx';
import MouldInStock from './MouldInStock.tsx';
import { HANDLES } from './mouldParts.ts';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

beforeEach(() => {
  useSession.setState({
    user: {
      id: 5,
      userName: 'mojv',
      permissions: ['mouldstock', 'mouldstockadd'],
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });
  send.mockImplementation(async (_method, path) => {
    if (path === HANDLES.add?.path) return { id: 3, code: 'MC20261127001', version: 0 } as never;
    if (path.endsWith('List')) return { records: [], total: 0 } as never;
    return [] as never;
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const saved = () => send.mock.calls.filter(([, path]) => path === HANDLES.add?.path);

const mount = (name: 'mouldHandle' | 'mouldInStock', query: string) =>
  mountPage(
    <Routes>
      <Route path={routePath('mouldHandle')} element={<MouldHandle />} />
      <Route path={routePath('mouldInStock')} element={<MouldInStock />} />
      <Route path="*" element={<div>处理单列表</div>} />
    </Routes>,
    `${routeHref(name)}?${query}`,
  );

// antd forms in happy-dom take seconds on a busy machine
describe('the handling document form', { timeout: 60_000 }, () => {
  it('starts from the mould and the move the stock list chose, and saves them', async () => {
    mount('mouldHandle', 'mouldId=7&mouldName=油箱上盖冲压模&handleType=1');
    expect(await screen.findByText('油箱上盖冲压模')).toBeTruthy();
    expect(screen.getByText('借用')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0][2]?.body).toMatchObject({ mouldId: 7, handleType: 1 });
    expect(await screen.findByText('处理单列表')).toBeTruthy();
  });

  it('stock-in (mould-inStock) is always of type 入库', async () => {
    mount('mouldInStock', 'mouldId=8&mouldName=散热片成型模&handleType=3');
    expect(await screen.findByText('散热片成型模')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0][2]?.body).toMatchObject({ mouldId: 8, handleType: 0 });
  });
});
