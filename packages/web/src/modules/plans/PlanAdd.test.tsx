import { processFlowApi, type VersionDetail } from '@factory/shared/api/processFlow';
import { decryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { processFlowEntity } from '@factory/shared/entities/processFlow';
import { produceOrderEntity } from '@factory/shared/entities/produceOrder';
import { producePlanEntity } from '@factory/shared/entities/producePlan';
import type { RowOf } from '@factory/shared/entities/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import PlanAdd from './PlanAdd.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const ORDERS = entityEndpoints(produceOrderEntity);
const FLOWS = entityEndpoints(processFlowEntity);
const ADD = entityEndpoints(producePlanEntity).add;

const order: RowOf<typeof produceOrderEntity> = {
  id: 7,
  version: 2,
  code: 'MO20261125001',
  materialsId: 5,
  materialsName: '电机定子',
  materialsCode: 'CP-001',
  materialsSpecifications: 'Y2-90',
  unitName: '台',
  quantity: 10.3,
  plannedQuantity: 3.1,
  completedQuantity: 0,
  deliveryTime: '2026-12-31 17:00:00',
  priority: 1,
  customerId: null,
  customerName: null,
  source: 0,
  sourceCode: null,
  confirmStatus: 1,
  planStatus: 3,
  finishedAt: null,
  remark: null,
  createdAt: '2026-11-25 09:00:00',
  custom: {},
};

const areas = (...list: [number, string][]) => list.map(([id, name]) => ({ id, name }));
const version = (id: number, lines: [number, string][][]): VersionDetail => ({
  id,
  flowId: 3,
  flowCode: 'GYLX0001',
  flowName: '定子工艺',
  materialId: 5,
  name: id === 11 ? 'V1' : 'V2',
  isMain: id === 11,
  remark: null,
  steps: lines.map((l, i) => ({
    id: id * 10 + i,
    seq: i + 1,
    procedureId: i + 1,
    procedureCode: `GX${i + 1}`,
    procedureName: `工序${i + 1}`,
    processType: 0,
    standardMinutes: null,
    setupMinutes: null,
    transferQuantity: null,
    remark: null,
    areaList: areas(...l),
    stationList: [],
  })),
  materials: [],
});

/** The product's flow filter, as the page sent it. */
let flowFilters: unknown;

function answer() {
  send.mockImplementation(async (_method, path, options) => {
    if (path === ORDERS.detail.path) return order as never;
    if (path === ORDERS.list.path) return { records: [], total: 0 } as never;
    if (path === FLOWS.list.path) {
      const searchVal = (options?.query as { searchVal?: string } | undefined)?.searchVal;
      const plain = searchVal && (await decryptText(searchVal));
      flowFilters = plain ? JSON.parse(plain) : undefined;
      return {
        records: [
          {
            id: 3,
            code: 'GYLX0001',
            name: '定子工艺',
            mainVersionId: 11,
            versionList: [
              { id: 11, name: 'V1', isMain: true, stepCount: 2 },
              { id: 12, name: 'V2', isMain: false, stepCount: 2 },
            ],
          },
        ],
        total: 1,
      } as never;
    }
    if (path === processFlowApi.versionDetail.path) {
      const id = (options?.query as { id?: number } | undefined)?.id;
      // the main version's steps name only 二线 (one names none); V2's name 一线 and 三线
      return (
        id === 11
          ? version(11, [[[2, '二线']], []])
          : version(12, [
              [
                [1, '一线'],
                [3, '三线'],
              ],
              [],
            ])
      ) as never;
    }
    if (path === ADD?.path) return { id: 40 } as never;
    throw new Error(`unexpected call ${path}`);
  });
}

const mount = () =>
  render(
    <MemoryRouter initialEntries={['/plans/orders/plan-add?orderId=7']}>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <Routes>
            <Route path="/plans/orders/plan-add" element={<PlanAdd />} />
            <Route path="/plans/orders/order-detail/:id" element={<div>订单详情页</div>} />
          </Routes>
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  send.mockReset();
});

describe('PlanAdd', () => {
  it('starts with what is left of the order on its main version and the one line it allows, and saves it', async () => {
    answer();
    mount();
    await screen.findByText('未计划数量');
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('计划数量').value).toBe('7.2'));
    await screen.findByTitle('V1（主版本）');
    // the product's enabled flow
    expect(flowFilters).toEqual([
      { fieldName: 'materialId', fieldType: 'integer', operator: 'eq', fieldValue: 5 },
      { fieldName: 'isEnabled', fieldType: 'integer', operator: 'eq', fieldValue: 1 },
    ]);
    await screen.findByTitle('二线');

    fireEvent.click(screen.getByRole('button', { name: (n) => n.replace(/\s/g, '') === '保存' }));
    await screen.findByText('订单详情页');
    const added = send.mock.calls.find(([, path]) => path === ADD?.path);
    expect(added?.[2]?.body).toStrictEqual({
      produceOrderId: 7,
      quantity: 7.2,
      planType: 0,
      areaId: 2,
      flowVersionId: 11,
      planStartTime: null,
      planEndTime: null,
      remark: null,
    });
  });
});
