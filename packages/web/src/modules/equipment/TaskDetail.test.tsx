import { equipmentTaskApi, type TaskItemRow } from '@factory/shared/api/equipmentTask';
import { sparePartApi } from '@factory/shared/api/sparePart';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { taskEntities } from '@factory/shared/entities/equipmentTask';
import { warehouseEntity } from '@factory/shared/entities/warehouse';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import { MaintenanceBillDetail, TaskItemsForm } from './TaskDetail.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const item = (over: Partial<TaskItemRow>): TaskItemRow => ({
  id: 1,
  itemId: 1,
  code: 'DJ-01',
  name: '绕线张力',
  part: '张力器',
  method: null,
  valueType: 1,
  standard: null,
  lowerLimit: 8,
  upperLimit: 12,
  unit: 'N',
  needsPhoto: false,
  result: null,
  value: null,
  text: null,
  photoUrls: [],
  remark: null,
  ...over,
});

const ITEMS = [
  item({}),
  item({
    id: 2,
    itemId: 2,
    code: 'DJ-02',
    name: '油位',
    valueType: 0,
    lowerLimit: null,
    upperLimit: null,
    unit: null,
  }),
];

describe('the task execution form', () => {
  it('judges a value outside its limits NG, marks the row, and submits every item with its remark', async () => {
    const onSubmit = vi.fn(async () => undefined);
    mountPage(<TaskItemsForm items={ITEMS} editing onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('绕线张力实测值'), { target: { value: '12.5' } });
    await waitFor(() => expect(screen.getAllByText('NG').length).toBeGreaterThan(1));
    const row = screen.getByLabelText('绕线张力实测值').closest('tr');
    expect(row?.getAttribute('style')).toContain('background');
    expect(screen.getByLabelText('绕线张力备注').getAttribute('placeholder')).toBe('NG 请说明情况');
    fireEvent.change(screen.getByLabelText('绕线张力备注'), { target: { value: '张力偏大' } });
    fireEvent.click(screen.getAllByText('OK')[0]);
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(
      [
        { itemId: 1, value: 12.5, remark: '张力偏大' },
        { itemId: 2, result: 0 },
      ],
      true,
    );
  });

  it('shows the results read-only once done', () => {
    mountPage(
      <TaskItemsForm
        items={[item({ result: 1, value: 12.5, remark: '张力偏大' })]}
        editing={false}
        onSubmit={async () => undefined}
      />,
    );
    expect(screen.getByText('12.5 N')).toBeTruthy();
    expect(screen.getByText('张力偏大')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提\s*交/ })).toBeNull();
  });
});

const UPKEEP_API = equipmentTaskApi[2];

// antd selects in happy-dom take seconds on a busy machine
describe('保养工单 finished with the parts it replaced', { timeout: 60_000 }, () => {
  it('sends the spare parts with the items, each by part and 备件仓', async () => {
    useSession.setState({
      user: {
        id: 5,
        userName: 'baoyang01',
        permissions: ['maintenancebillslist', 'maintenancebillslistfinish'],
        companyInfo: { flags: {} },
      } as unknown as SessionUser,
    });
    send.mockImplementation(async (_method, path) => {
      if (path === entityEndpoints(taskEntities[2]).detail.path)
        return {
          id: 9,
          version: 4,
          code: 'BY20261128001',
          status: 2,
          itemCount: 1,
          assigneeNames: '保养员',
        } as never;
      if (path === UPKEEP_API.items.path)
        return [item({ valueType: 0, lowerLimit: null, upperLimit: null })] as never;
      if (path === sparePartApi.materials.path)
        return { records: [{ id: 31, code: 'BJ-6205', name: '深沟球轴承6205' }], total: 1 } as never;
      if (path === entityEndpoints(warehouseEntity).list.path)
        return { records: [{ id: 4, name: '备件仓' }], total: 1 } as never;
      if (path === UPKEEP_API.finish.path) return { id: 9, version: 5, status: 3 } as never;
      return [] as never;
    });
    mountPage(
      <Routes>
        <Route path="/maintenance-bills-detail/:id" element={<MaintenanceBillDetail />} />
      </Routes>,
      '/maintenance-bills-detail/9',
    );
    fireEvent.click(await screen.findByRole('button', { name: /添加备件/ }));
    fireEvent.mouseDown(screen.getByLabelText('第1行备件'));
    fireEvent.click(
      await screen.findByText('BJ-6205 深沟球轴承6205', { selector: '.ant-select-item-option-content' }),
    );
    fireEvent.mouseDown(screen.getByLabelText('第1行仓库'));
    fireEvent.click(await screen.findByText('备件仓', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(screen.getByLabelText('第1行数量'), { target: { value: '2' } });
    fireEvent.click(screen.getAllByText('OK')[0]);
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(send.mock.calls.some(([, p]) => p === UPKEEP_API.finish.path)).toBe(true));
    expect(send.mock.calls.find(([, p]) => p === UPKEEP_API.finish.path)?.[2]?.body).toEqual({
      id: 9,
      version: 4,
      items: [{ itemId: 1, result: 0 }],
      parts: [{ materialsId: 31, warehouseId: 4, batchCode: null, quantity: 2 }],
    });
  });
});
