import { type InspectionSheet, qualityApi } from '@factory/shared/api/quality';
import { machineEndpoints } from '@factory/shared/machines/endpoints';
import { inspectionOrderMachine } from '@factory/shared/machines/quality';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import InspectionOrderDetail from './InspectionOrderDetail.tsx';
import InspectionOrderList, { type InspectionOrder, ORDERS } from './InspectionOrderList.tsx';
import { changedCells, fillOk, judgeValue, savedCells } from './InspectionSheet.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
const SUBMIT = machineEndpoints(inspectionOrderMachine).actions.submit;

const order: InspectionOrder & { version: number } = {
  id: 7,
  version: 3,
  effective: false,
  planId: 2,
  taskId: null,
  inspectorId: 5,
  code: 'ZJ202611280001',
  inspectionType: 4,
  qualityType: 2,
  status: 2,
  verdict: null,
  sourceType: 3,
  sourceCode: 'CGSH20261128001',
  materialsName: '电磁线',
  materialsCode: 'WL0001',
  materialsSpecifications: 'QZ-2/130 1.0mm',
  planName: '电磁线来料检验',
  workOrderCode: null,
  procedureName: null,
  batchCode: 'B20261128',
  supplierName: '江南铜业',
  lotQuantity: 500,
  sampleQuantity: 3,
  acceptNumber: 0,
  rejectNumber: 1,
  ngQuantity: 0,
  rejectedQuantity: 0,
  inspectorName: '质检员',
  completedAt: null,
  auditorName: null,
  approverName: null,
  remark: null,
  createdAt: '2026-11-28 08:00:00',
} as InspectionOrder & { version: number };

const item = (over: Partial<InspectionSheet['items'][number]>): InspectionSheet['items'][number] => ({
  lineNo: 1,
  itemId: 11,
  code: 'JYXM0001',
  name: '外径',
  category: '尺寸',
  valueType: 1,
  unit: 'mm',
  method: null,
  instrument: '千分尺',
  standardValue: 10,
  lowerLimit: 9.8,
  upperLimit: 10.2,
  ngCount: 0,
  ...over,
});

const sheet: InspectionSheet = {
  sampleQuantity: 3,
  items: [
    item({}),
    item({
      lineNo: 2,
      itemId: 12,
      code: 'JYXM0002',
      name: '外观',
      category: '外观',
      valueType: 0,
      unit: null,
      standardValue: null,
      lowerLimit: null,
      upperLimit: null,
    }),
    item({
      lineNo: 3,
      itemId: 13,
      code: 'JYXM0003',
      name: '漆膜针孔',
      category: '外观',
      valueType: 2,
      unit: '个',
      standardValue: null,
      lowerLimit: null,
      upperLimit: 2,
    }),
  ],
  // sample 1's diameter and appearance were saved before
  results: [
    { sampleNo: 1, lineNo: 1, value: 10, judgement: 0 },
    { sampleNo: 1, lineNo: 2, value: null, judgement: 0 },
  ],
  defects: [],
};

beforeEach(() => {
  useSession.setState({
    user: {
      id: 5,
      userName: 'zhijian01',
      permissions: [
        'qualityinspectionorderlist',
        'qualityinspectionorderlistdetail',
        'qualityinspectionorderlistinspect',
      ],
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });
  send.mockImplementation(async (_method, path) => {
    if (path === ORDERS.detail.path) return order as never;
    if (path === qualityApi.sheet.path) return sheet as never;
    if (path === qualityApi.record.path) return { id: 7, version: 4, status: 2 } as never;
    if (path.endsWith('List') || path.endsWith('ListPage')) return { records: [], total: 0 } as never;
    return [] as never;
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const mount = () =>
  mountPage(
    <Routes>
      <Route path="/quality-inspection-order-detail/:id" element={<InspectionOrderDetail />} />
    </Routes>,
    '/quality-inspection-order-detail/7',
  );
const recorded = () => send.mock.calls.find(([, p]) => p === qualityApi.record.path)?.[2]?.body;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const okNg = (sample: number) => within(screen.getByLabelText(`样本${sample} 外观`));

// antd tables and inputs in happy-dom take seconds on a busy machine
describe('the inspection sheet', { timeout: 60_000 }, () => {
  it('shows a row per sample and a column per item with its standard, and the sampling line', async () => {
    mount();
    expect(await screen.findByText('样本量 3，Ac 0 / Re 1')).toBeTruthy();
    for (const s of [1, 2, 3]) expect(screen.getByText(`样本${s}`)).toBeTruthy();
    expect(screen.getAllByText('9.8~10.2 mm').length).toBeGreaterThan(0);
    expect(screen.getAllByText('OK / NG').length).toBeGreaterThan(0);
    expect(screen.getAllByText('缺陷数 ≤ 2 个').length).toBeGreaterThan(0);
    // 3 samples × (2 typed items + 1 OK/NG item)
    expect(screen.getAllByPlaceholderText('实测值')).toHaveLength(3);
    expect(screen.getAllByPlaceholderText('缺陷数')).toHaveLength(3);
    expect(screen.getAllByRole('radiogroup', { name: /外观/ })).toHaveLength(3);
    // the saved results are in their cells
    expect(input('样本1 外径').value).toBe('10');
    expect((okNg(1).getByDisplayValue('0') as HTMLInputElement).checked).toBe(true);
  });

  it('marks a value outside its limits NG as typed, and counts it under its item', async () => {
    mount();
    await screen.findByLabelText('样本2 外径');
    type('样本2 外径', '10.5');
    await waitFor(() => expect(input('样本2 外径').getAttribute('aria-invalid')).toBe('true'));
    expect(input('样本2 外径').closest('td')?.getAttribute('style')).toContain('background');
    expect(screen.getByLabelText('外径NG数').textContent).toBe('1');
    // a count above its upper limit is NG too; within the limits it is not
    type('样本3 漆膜针孔', '3');
    await waitFor(() => expect(input('样本3 漆膜针孔').getAttribute('aria-invalid')).toBe('true'));
    type('样本2 外径', '10.1');
    await waitFor(() => expect(input('样本2 外径').getAttribute('aria-invalid')).toBe('false'));
    expect(screen.getByLabelText('外径NG数').textContent).toBe('0');
  });

  it('fills the OK/NG cells not judged yet with OK, and 保存 sends only what changed with the version', async () => {
    mount();
    await screen.findByLabelText('样本2 外径');
    expect((okNg(2).getByDisplayValue('0') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /全部判定OK/ }));
    await waitFor(() => expect((okNg(2).getByDisplayValue('0') as HTMLInputElement).checked).toBe(true));
    expect((okNg(3).getByDisplayValue('0') as HTMLInputElement).checked).toBe(true);
    // sample 3 is NG after all; sample 1's saved diameter typed again unchanged is not sent
    fireEvent.click(okNg(3).getByDisplayValue('1'));
    type('样本2 外径', '10.05');
    type('样本1 外径', '10');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(recorded()).toBeDefined());
    expect(recorded()).toEqual({
      id: 7,
      version: 3,
      results: [
        { sampleNo: 2, lineNo: 1, value: 10.05 },
        { sampleNo: 2, lineNo: 2, judgement: 0 },
        { sampleNo: 3, lineNo: 2, judgement: 1 },
      ],
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('提交 saves what was typed first, then submits with the new version; a missing result is shown on the sheet', async () => {
    const refusal = '质检单“ZJ202611280001”样本2的“外观”尚未录入结果';
    const base = send.getMockImplementation();
    send.mockImplementation(async (method, path, options) => {
      if (path === SUBMIT.path) throw new ApiError(refusal, 7);
      return (base as NonNullable<typeof base>)(method, path, options);
    });
    mount();
    await screen.findByLabelText('样本2 外径');
    type('样本2 外径', '10');
    // the head's 提交 and the sheet's do the same
    fireEvent.click(screen.getAllByRole('button', { name: /提\s*交/ })[0]);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(send.mock.calls.some(([, p]) => p === SUBMIT.path)).toBe(true));
    expect(recorded()).toEqual({ id: 7, version: 3, results: [{ sampleNo: 2, lineNo: 1, value: 10 }] });
    expect(send.mock.calls.find(([, p]) => p === SUBMIT.path)?.[2]?.body).toEqual({ id: 7, version: 4 });
    expect(await screen.findByText(refusal)).toBeTruthy();
  });

  it('is read-only once submitted, the verdict shown', async () => {
    send.mockImplementation(async (_method, path) => {
      if (path === ORDERS.detail.path)
        return { ...order, status: 3, verdict: 1, ngQuantity: 1, rejectedQuantity: 500 } as never;
      if (path === qualityApi.sheet.path) return sheet as never;
      return [] as never;
    });
    mount();
    expect(await screen.findByText('样本量 3，Ac 0 / Re 1')).toBeTruthy();
    expect(screen.queryByLabelText('样本2 外径')).toBeNull();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.getAllByText('不合格').length).toBeGreaterThan(0);
  });
});

describe('the list', { timeout: 60_000 }, () => {
  const pending = { ...order, id: 1, code: 'ZJ202611280002', status: 1, sourceType: 0, inspectorId: null };
  const mine = { ...order, id: 2, code: 'ZJ202611280003', status: 3, verdict: 1, ngQuantity: 1 };
  const theirs = { ...order, id: 3, code: 'ZJ202611280004', status: 3, verdict: 0, inspectorId: 9 };
  const rowOf = (o: { id: number }) => document.querySelector(`tr[data-row-key="${o.id}"]`) as HTMLElement;
  const labels = (o: { id: number }) =>
    Array.from(rowOf(o).querySelectorAll('button')).map((b) => b.textContent?.replace(/\s/g, ''));

  it('shows state and verdict as tags and offers each row what its state and inspector allow', async () => {
    useSession.setState({
      user: {
        id: 5,
        userName: 'zhijian01',
        permissions: ['', 'detail', 'del', 'inspect', 'audit'].map((a) => `qualityinspectionorderlist${a}`),
        companyInfo: { flags: {} },
      } as unknown as SessionUser,
    });
    send.mockImplementation(async (_method, path) => {
      if (path === ORDERS.listPage.path) return { content: [pending, mine, theirs], total: 3 } as never;
      return [] as never;
    });
    mountPage(<InspectionOrderList />);
    await waitFor(() => expect(rowOf(theirs)).toBeTruthy());
    expect(within(rowOf(pending)).getByText('待检验')).toBeTruthy();
    expect(within(rowOf(mine)).getByText('不合格')).toBeTruthy();
    expect(within(rowOf(theirs)).getByText('合格')).toBeTruthy();
    expect(labels(pending)).toEqual(expect.arrayContaining(['详情', '录入结果', '删除']));
    // the inspector does not audit her own order; someone else's she does; begun orders are kept
    expect(labels(mine)).not.toContain('审核');
    expect(labels(mine)).toEqual(expect.arrayContaining(['详情', '退回']));
    expect(labels(theirs)).toEqual(expect.arrayContaining(['详情', '审核', '退回']));
    expect(labels(theirs)).not.toContain('删除');
  });
});

describe('the sheet’s rules', () => {
  const items = sheet.items;
  it('judges as the server does', () => {
    expect(judgeValue(items[0], 9.7)).toBe(1);
    expect(judgeValue(items[0], 10.2)).toBe(0);
    expect(judgeValue(items[2], 2)).toBe(0);
    expect(judgeValue(items[2], 3)).toBe(1);
    // a count item without an upper limit is NG at any defect
    expect(judgeValue({ ...items[2], upperLimit: null }, 1)).toBe(1);
    expect(judgeValue(items[0], null)).toBeNull();
  });

  it('sends a cleared cell as null and skips one typed back to its saved value', () => {
    const saved = savedCells(sheet.results);
    expect(
      changedCells(items, saved, {
        '1:1': { value: null, judgement: null },
        '1:2': { value: null, judgement: 0 },
      }),
    ).toEqual([{ sampleNo: 1, lineNo: 1, value: null }]);
    expect(fillOk(items, 3, saved, {}).filled).toBe(2);
  });
});
