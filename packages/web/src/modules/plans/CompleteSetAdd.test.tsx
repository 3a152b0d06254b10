import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { type KittingResult, warehouseApi } from '@factory/shared/api/warehouse';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { producePlanEntity } from '@factory/shared/entities/producePlan';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import CompleteSetAdd, { kittingBody, planFilters } from './CompleteSetAdd.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const CALCULATE = warehouseApi.kittingCalculate.path;

const plan = (id: number, code: string) => ({
  id,
  code,
  produceOrderNumber: 'MO20261120001',
  materialsCode: 'CP-001',
  materialsName: '电机定子',
  unitName: '台',
  quantity: 10,
  areaName: '总装一线',
  planStartTime: '2026-11-27 08:00:00',
  scheduleStatus: 2,
});
const result = (more: Partial<KittingResult> = {}): KittingResult => ({
  id: null,
  code: null,
  calculatedAt: '2026-11-26 09:30:00',
  plans: [
    {
      planId: 11,
      planCode: 'PL20261126001',
      productCode: 'CP-001',
      productName: '电机定子',
      areaName: '总装一线',
      planStartTime: '2026-11-27 08:00:00',
      quantity: 10,
      kittedQuantity: 4,
      isKitted: false,
      shortMaterialCount: 1,
    },
  ],
  lines: [],
  materials: [
    {
      materialsId: 1,
      materialsCode: 'YL-001',
      materialsName: '漆包铜线',
      materialsSpecifications: null,
      unitName: 'kg',
      need: 10,
      supply: 4,
      shortage: 6,
      planCount: 1,
    },
  ],
  ...more,
});

beforeEach(() => {
  send.mockImplementation(async (_method, path, opts) => {
    if (path === basicConfigApi.value.path) return '[10,20,50]' as never;
    if (path === entityEndpoints(producePlanEntity).listPage.path)
      return { content: [plan(11, 'PL20261126001'), plan(12, 'PL20261126002')], total: 2 } as never;
    if (path === CALCULATE) {
      const body = opts?.body as { save?: boolean };
      return (body.save ? result({ id: 5, code: 'QT20261126001' }) : result()) as never;
    }
    throw new Error(`unexpected ${path}`);
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
});

const mount = () =>
  render(
    <MemoryRouter initialEntries={['/plans/complete-set-add']}>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <Routes>
            <Route path="/plans/complete-set-add" element={<CompleteSetAdd />} />
            <Route path="/plans/complete-set-list" element={<div>齐套分析列表页</div>} />
          </Routes>
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
const calculations = () => send.mock.calls.filter(([, path]) => path === CALCULATE).map(([, , o]) => o?.body);
const choiceRow = (id: number) =>
  document.querySelector(`#kittingPlanChoice tr[data-row-key="${id}"]`) as HTMLElement | null;

describe('CompleteSetAdd', { timeout: 90_000 }, () => {
  it('asks the open plans and sends no plan ids for all of them', () => {
    expect(planFilters({})).toEqual([
      { fieldName: 'scheduleStatus', fieldType: 'integer', operator: 'in', fieldValue: [0, 1, 2, 3] },
    ]);
    expect(planFilters({ code: ' PL2026 ', product: '定子' }).slice(1)).toEqual([
      { fieldName: 'code', fieldType: 'string', operator: 'like', fieldValue: 'PL2026' },
      { fieldName: 'materialsName', fieldType: 'string', operator: 'like', fieldValue: '定子' },
    ]);
    expect(kittingBody('all', [1, 2])).toEqual({});
    expect(kittingBody('chosen', [1, 2])).toEqual({ planIds: [1, 2] });
  });

  it('calculates every open plan, saves with the remark and offers the list', async () => {
    mount();
    await waitFor(() => expect(choiceRow(11)).toBeTruthy());
    await screen.findByText('全部未完成计划（2 个）');
    fireEvent.click(screen.getByRole('button', { name: /计\s*算/ }));
    await screen.findByText('齐套结果（全部未完成计划）');
    expect(calculations()).toEqual([{}]);
    expect(screen.getByText('缺料', { selector: '.ant-tag' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /保存分析/ }));
    fireEvent.change(await screen.findByLabelText('备注（选填）'), { target: { value: ' 周一早会 ' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    await screen.findByText(/分析编号 QT20261126001，已按保存时的库存重新计算/);
    expect(calculations()).toEqual([{}, { save: true, remark: '周一早会' }]);
    const confirm = document.querySelector('.ant-modal-confirm') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '查看齐套分析列表' }));
    await screen.findByText('齐套分析列表页');
  });

  it('sends the chosen plans only, and asks for one when none is chosen', async () => {
    mount();
    await waitFor(() => expect(choiceRow(12)).toBeTruthy());
    fireEvent.click(screen.getByText('指定计划'));
    fireEvent.click(screen.getByRole('button', { name: /计\s*算/ }));
    await screen.findByText('请选择要计算的生产计划，或选择“全部未完成计划”');
    expect(calculations()).toEqual([]);
    // the checkbox, and a click on the row, both choose
    fireEvent.click(within(choiceRow(12) as HTMLElement).getByRole('checkbox'));
    await screen.findByText('指定计划（已选 1 个）');
    fireEvent.click(within(choiceRow(11) as HTMLElement).getByText('PL20261126001'));
    await screen.findByText('指定计划（已选 2 个）');
    fireEvent.click(screen.getByRole('button', { name: /计\s*算/ }));
    await screen.findByText('齐套结果（所选 2 个计划）');
    expect(calculations()).toEqual([{ planIds: [12, 11] }]);
  });
});
