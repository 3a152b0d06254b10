import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { customFieldApi } from '@factory/shared/api/customField';
import { workOrderApi } from '@factory/shared/api/workOrder';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { produceOrderEntity } from '@factory/shared/entities/produceOrder';
import { producePlanEntity } from '@factory/shared/entities/producePlan';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import OrderDetail from './OrderDetail.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const order = {
  id: 7,
  version: 2,
  code: 'MO20261125001',
  materialsId: 5,
  materialsName: '电机定子',
  materialsCode: 'CP-001',
  materialsSpecifications: 'Y2-90',
  unitName: '台',
  quantity: 100,
  plannedQuantity: 60,
  completedQuantity: 20,
  deliveryTime: '2026-12-31 17:00:00',
  priority: 1,
  customerId: null,
  customerName: '华东电机',
  source: 0,
  sourceCode: null,
  confirmStatus: 1,
  planStatus: 3,
  finishedAt: null,
  remark: null,
  createdAt: '2026-11-25 09:00:00',
  custom: {},
};

afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

describe('OrderDetail', () => {
  it('shows the order, its states, figures, permitted actions and its plans', async () => {
    useSession.setState({
      user: {
        id: 9,
        userName: 'planner',
        permissions: ['orderlist', 'orderlistaddplan', 'orderlistfinish', 'orderlistcancel', 'planlist'],
        fields: '',
        companyInfo: { flags: {} },
      } as unknown as SessionUser,
    });
    send.mockImplementation(async (_method, path) => {
      if (path === entityEndpoints(produceOrderEntity).detail.path) return order as never;
      if (path === customFieldApi.of.path) return [] as never;
      if (path === basicConfigApi.value.path) return '[10,20,50]' as never;
      if (path === workOrderApi.orderProgress.path)
        return [
          {
            procedureId: 1,
            procedureName: '绕线',
            seq: 1,
            quantity: 60,
            goodQuantity: 40,
            defectQuantity: 2,
            repairQuantity: 1,
            finishRatio: 0.67,
          },
          {
            procedureId: 2,
            procedureName: '装配',
            seq: 2,
            quantity: 60,
            goodQuantity: 20,
            defectQuantity: 1,
            repairQuantity: 0,
            finishRatio: 0.33,
          },
        ] as never;
      if (path === entityEndpoints(producePlanEntity).listPage.path)
        return { content: [], total: 0 } as never;
      throw new Error(`unexpected call ${path}`);
    });
    render(
      <MemoryRouter initialEntries={['/plans/orders/order-detail/7']}>
        <QueryClientProvider client={new QueryClient()}>
          <App>
            <Routes>
              <Route path="/plans/orders/order-detail/:id" element={<OrderDetail />} />
            </Routes>
          </App>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await screen.findByText('MO20261125001');
    expect(screen.getAllByText('已确认').length).toBeGreaterThan(0);
    expect(screen.getAllByText('部分计划').length).toBeGreaterThan(0);
    // the last step's good; defects and repairs of every step
    await screen.findByText('合格');
    const figure = (label: string) =>
      screen.getByText(label).closest('.ant-statistic')?.querySelector('.ant-statistic-content-value')
        ?.textContent;
    await waitFor(() => expect(figure('合格')).toBe('20'));
    expect(figure('不良')).toBe('3');
    expect(figure('返修')).toBe('1');
    expect(figure('已计划')).toBe('60');
    const labels = screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));
    expect(labels).toContain('完成');
    expect(labels).toContain('新增计划');
    expect(labels).not.toContain('取消'); // not while planned
    await screen.findByText('生产计划', { selector: 'h5' });
  });
});
