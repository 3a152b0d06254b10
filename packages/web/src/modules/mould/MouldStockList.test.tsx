import { mouldApi } from '@factory/shared/api/mould';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { mouldHandleEntity, mouldStockEntity } from '@factory/shared/entities/mould';
import { routeHref, routePath } from '@factory/shared/routes';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { testQueryClient } from '../../platform/testing.tsx';
import MouldStockList from './MouldStockList.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const STOCK = entityEndpoints(mouldStockEntity);
const HANDLES = entityEndpoints(mouldHandleEntity);
const row = (id: number, code: string, status: number, place: string) => ({
  id,
  code,
  name: code === 'MJ0001' ? '油箱上盖冲压模' : '散热片成型模',
  status,
  place,
  locationId: null,
  locationName: null,
  currentAreaId: status === 2 ? 3 : null,
  currentAreaName: status === 2 ? '油箱车间' : null,
  currentEquipmentId: null,
  currentEquipmentName: null,
  cavities: 2,
  usedShots: 4521,
  designLife: 50000,
  remainingShots: 45479,
  usedPct: 9,
  warnPct: 90,
  createdAt: '2026-11-27 09:00:00',
});

beforeEach(() => {
  useSession.setState({
    user: {
      id: 5,
      userName: 'mojv',
      permissions: ['mouldstock', 'mouldstockdetail', 'mouldstockadd'],
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });
  send.mockImplementation(async (_method, path) => {
    if (path === STOCK.listPage.path)
      return {
        content: [row(1, 'MJ0001', 1, '在库 A-01-01'), row(2, 'MJ0002', 3, '维修中')],
        total: 2,
      } as never;
    if (path === HANDLES.listPage.path)
      return {
        content: [
          {
            id: 3,
            code: 'MC20261127001',
            version: 2,
            mouldStatus: 1,
            handleType: 0,
            mouldId: 1,
            mouldName: '油箱上盖冲压模',
            mouldCode: 'MJ0001',
            areaId: null,
            areaName: null,
            equipmentId: null,
            equipmentName: null,
            userId: 5,
            userName: '模具员',
            reason: '新模具验收合格入库',
            lifeExtension: null,
            shotsAt: 0,
            auditStatus: 1,
            rejectReason: null,
            auditedBy: 5,
            auditorName: '模具员',
            auditedAt: '2026-11-27 09:30:00',
            remark: null,
            createdAt: '2026-11-27 09:00:00',
          },
        ],
        total: 1,
      } as never;
    if (path === mouldApi.shots.path)
      return [
        {
          id: 9,
          reportId: 40,
          reportCode: 'BG202611270001',
          workOrderCode: 'WO20261127001',
          areaName: '油箱车间',
          quantity: 10,
          shots: 5,
          createdAt: '2026-11-27 10:00:00',
        },
      ] as never;
    return [] as never;
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

function Where() {
  const at = useLocation();
  return <div data-testid="at">{`${at.pathname}${at.search}`}</div>;
}

const open = () =>
  render(
    <MemoryRouter initialEntries={[routeHref('mouldStock')]}>
      <QueryClientProvider client={testQueryClient()}>
        <App>
          <Routes>
            <Route path={routePath('mouldStock')} element={<MouldStockList />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );

const rowOf = async (code: string) => (await screen.findByText(code)).closest('tr') as HTMLElement;

describe('MouldStockList', () => {
  it('shows each mould’s place and counter and offers only the moves its status allows', async () => {
    open();
    const inStock = await rowOf('MJ0001');
    expect(within(inStock).getByText('在库 A-01-01')).toBeTruthy();
    expect(within(inStock).getByText('4521')).toBeTruthy();
    const inStockMoves = within(inStock)
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/\s/g, ''));
    expect(inStockMoves).toContain('借用');
    expect(inStockMoves).not.toContain('归还');
    expect(inStockMoves).not.toContain('修复');
    const inRepair = await rowOf('MJ0002');
    const repairMoves = within(inRepair)
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/\s/g, ''));
    expect(repairMoves).toContain('修复');
    expect(repairMoves).not.toContain('借用');
  });

  it('opens the handling form for the mould with the move chosen', async () => {
    open();
    const inStock = await rowOf('MJ0001');
    fireEvent.click(within(inStock).getByRole('button', { name: '借用' }));
    const at = (await screen.findByTestId('at')).textContent ?? '';
    expect(at.startsWith(routeHref('mouldHandle'))).toBe(true);
    const q = new URLSearchParams(at.split('?')[1]);
    expect([q.get('mouldId'), q.get('handleType'), q.get('mouldName')]).toEqual(['1', '1', '油箱上盖冲压模']);
  });

  it('shows a mould’s shots from report work in its detail', async () => {
    open();
    const inStock = await rowOf('MJ0001');
    fireEvent.click(within(inStock).getByRole('button', { name: '详情' }));
    expect(await screen.findByText('BG202611270001')).toBeTruthy();
    expect(await screen.findByText('MC20261127001')).toBeTruthy();
    expect(screen.getByText('模具详情 — MJ0001 油箱上盖冲压模')).toBeTruthy();
  });
});
