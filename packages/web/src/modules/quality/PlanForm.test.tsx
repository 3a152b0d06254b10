import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import { SamplingPreview } from './PlanDetail.tsx';
import { PLANS, type PlanDetail, PlanFormModal } from './PlanForm.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const plan: PlanDetail = {
  id: 5,
  name: '铜线来料检验',
  inspectionType: 4,
  qualityType: 2,
  materialNames: '',
  materialClassNames: '铜材',
  procedureNames: '',
  supplierNames: '江南铜业',
  samplingMode: 3,
  sampleSize: null,
  samplePercent: null,
  aql: 0.65,
  firstArticleQty: null,
  itemCount: 2,
  isEnabled: 1,
  remark: null,
  createdAt: '2026-11-20 08:00:00',
  materialsIds: [],
  materialClassIds: [3],
  procedureIds: [],
  supplierIds: [9],
  lines: [
    {
      id: 1,
      itemId: 11,
      itemName: '导电率',
      itemCode: 'JYXM0003',
      category: '电气性能',
      valueType: 1,
      unit: '%IACS',
      standardValue: null,
      lowerLimit: 100,
      upperLimit: null,
    },
    {
      id: 2,
      itemId: 12,
      itemName: '外观',
      itemCode: 'JYXM0004',
      category: '外观',
      valueType: 0,
      unit: null,
      standardValue: null,
      lowerLimit: null,
      upperLimit: null,
    },
  ],
};

beforeEach(() => {
  useSession.setState({
    user: {
      id: 1,
      userName: 'zhijian01',
      permissions: ['qualityinspectionplanlist', 'qualityinspectionplanlistmodify'],
      companyInfo: { flags: {} },
    } as unknown as SessionUser,
  });
  send.mockImplementation(async (_method, path) => {
    if (path.endsWith('List')) return { records: [], total: 0 } as never;
    return { id: 5 } as never;
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const sent = (path: string) => send.mock.calls.find(([, p]) => p === path)?.[2]?.body;

// antd forms in happy-dom take seconds on a busy machine
describe('the plan form', { timeout: 60_000 }, () => {
  it('shows what an incoming AQL plan takes and saves the lines as ids and the plan’s values', async () => {
    const saved = vi.fn();
    mountPage(<PlanFormModal open source={plan} onClose={vi.fn()} onSaved={saved} />);
    expect(await screen.findByText('修改质检方案 · 铜线来料检验')).toBeTruthy();
    // the quality type follows the inspection type; incoming takes suppliers and no procedures
    expect(screen.getByText('来料检验')).toBeTruthy();
    expect(screen.getByText('供应商')).toBeTruthy();
    expect(screen.queryByText('适用工序')).toBeNull();
    expect(screen.getByText('一般检验水平Ⅱ，正常检验一次抽样')).toBeTruthy();
    expect(screen.queryByText('样本数量')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(sent(PLANS.update?.path ?? '')).toEqual({
      id: 5,
      name: '铜线来料检验',
      inspectionType: 4,
      materialsIds: [],
      materialClassIds: [3],
      procedureIds: [],
      supplierIds: [9],
      samplingMode: 3,
      sampleSize: null,
      samplePercent: null,
      aql: 0.65,
      firstArticleQty: null,
      remark: '',
      lines: [{ itemId: 11, lowerLimit: 100 }, { itemId: 12 }],
    });
  });

  it('starts a new plan as a first-article check and sends nothing while its name is missing', async () => {
    mountPage(<PlanFormModal open onClose={vi.fn()} onSaved={vi.fn()} />);
    expect(await screen.findByText('新增质检方案')).toBeTruthy();
    // a new plan starts as a first-article check of 1 unit, fully inspected
    expect(screen.getByText('首检数量')).toBeTruthy();
    expect(screen.getByText('适用工序')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入方案名称')).toBeTruthy();
    expect(send.mock.calls.some(([method]) => method === 'POST')).toBe(false);
  });
});

describe('the AQL preview', () => {
  it('gives n, Ac and Re of GB/T 2828.1 level II for each lot size', () => {
    mountPage(<SamplingPreview aql={1} />);
    // lot 1 200 → J, n 80, Ac 2 / Re 3; lot 8 → n 13 reaches the lot: all 8, Ac 0 / Re 1
    const j = screen.getByText('1200').closest('tr') as HTMLElement;
    expect(
      within(j)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1200', 'J', '80', '2', '3']);
    const small = screen.getByText('8').closest('tr') as HTMLElement;
    expect(
      within(small)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['8', 'E', '8（全检）', '0', '1']);
  });
});
