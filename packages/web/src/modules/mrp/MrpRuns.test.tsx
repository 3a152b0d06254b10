import { type MrpCompare, type MrpRunLineRow, type MrpRunRow, mrpApi } from '@factory/shared/api/mrp';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import { useMrpRuns } from './MrpRuns.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

const run: MrpRunRow = {
  id: 12,
  code: 'MRP20261127083000',
  status: 1,
  error: null,
  scope: null,
  bucket: 0,
  horizonEnd: null,
  demandCount: 8,
  materialCount: 5,
  plannedCount: 2,
  requestCount: 1,
  lateCount: 1,
  durationMs: 42,
  createdByName: '赵计划',
  createdAt: '2026-11-27 08:30:00',
};
const lines: MrpRunLineRow[] = [
  {
    id: 1,
    materialsId: 3,
    materialsCode: 'YCL-GG-001',
    materialsName: '冷轧取向硅钢片',
    unitName: 'kg',
    procurementType: 1,
    quantity: 500,
    dueDate: '2026-12-14',
    period: '2026-12-14',
    releaseDate: '2026-11-27',
    late: true,
    pegs: [
      { demand: 'MO20261120003', path: ['CP-S13-630', 'BCP-TX-630', 'YCL-GG-001'], quantity: 479.2 },
      { demand: '', path: ['YCL-GG-001'], quantity: 20.8 },
    ],
    requestId: 40,
    requestCode: 'QG20261127001',
    planId: null,
    planCode: null,
  },
  {
    id: 2,
    materialsId: 2,
    materialsCode: 'BCP-TX-630',
    materialsName: '铁心 630kVA',
    unitName: '台',
    procurementType: 0,
    quantity: 8,
    dueDate: '2026-12-21',
    period: '2026-12-21',
    releaseDate: '2026-12-14',
    late: false,
    pegs: [{ demand: 'MO20261120003', path: ['CP-S13-630', 'BCP-TX-630'], quantity: 8 }],
    requestId: null,
    requestCode: null,
    planId: null,
    planCode: null,
  },
];
const compare: MrpCompare = {
  previous: { ...run, id: 11, code: 'MRP20261126083000', createdAt: '2026-11-26 08:30:00' },
  changes: [
    { materialsId: 3, materialsCode: 'YCL-GG-001', materialsName: '冷轧取向硅钢片', before: 400, after: 500 },
  ],
};

beforeEach(() => {
  send.mockImplementation(async (_method, path) => {
    if (path === mrpApi.calculate.path) return run as never;
    if (path === mrpApi.runs.path) return [run] as never;
    if (path === mrpApi.lines.path) return lines as never;
    if (path === mrpApi.compare.path) return compare as never;
    throw new Error(`unexpected call ${path}`);
  });
});
afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

const signIn = (permissions: string[]) =>
  useSession.setState({
    user: { id: 5, userName: 'jihua', permissions, companyInfo: { flags: {} } } as unknown as SessionUser,
  });

/** The page's toolbar as buttons (the list's confirm and permission filter are its own, tested there). */
function Toolbar({ onDone }: { onDone?: () => void }) {
  const { toolbar, drawer } = useMrpRuns();
  return (
    <>
      {toolbar.map((a) => (
        <Button
          key={a.key}
          onClick={async () => {
            await a.onClick();
            onDone?.();
          }}
        >
          {a.label}
        </Button>
      ))}
      {drawer}
    </>
  );
}

describe('MRP runs', () => {
  it('calculates, then shows the run’s planned orders, their pegs and what changed', async () => {
    mountPage(<Toolbar />);
    fireEvent.click(screen.getByRole('button', { name: 'MRP计算' }));
    // over everything open unless orders are chosen; choosing none is refused before any call
    fireEvent.click(await screen.findByLabelText('选中的订单'));
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    expect(await screen.findByText('请至少选择一张销售订单或生产订单')).toBeTruthy();
    expect(send).not.toHaveBeenCalledWith('POST', mrpApi.calculate.path, expect.anything());
    fireEvent.click(screen.getByLabelText('全部未完成的订单'));
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        'POST',
        mrpApi.calculate.path,
        expect.objectContaining({ body: { bucket: 0, horizonEnd: null } }),
      ),
    );
    // the drawer (a portal) opens on the new run
    expect(await screen.findByText('MRP运算记录')).toBeTruthy();
    expect(await screen.findByText('QG20261127001')).toBeTruthy();
    expect(screen.getByText('运算范围：全部未完成的订单')).toBeTruthy();
    expect(screen.getByText('计划时段：日；计划展望期至：不限')).toBeTruthy();
    // day buckets: the due date is the period, no column of its own
    expect(screen.queryByRole('columnheader', { name: '时段' })).toBeNull();
    expect(screen.getByText('延误')).toBeTruthy();
    expect(screen.getByText('自制建议')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /展开行|Expand row/ })[0]);
    expect(await screen.findByText('CP-S13-630 → BCP-TX-630 → YCL-GG-001')).toBeTruthy();
    expect(screen.getByText('安全库存/批量')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '与上次比较' }));
    expect(await screen.findByText('+100')).toBeTruthy();
  });

  it('calculates in weeks up to a horizon, and shows each suggestion’s week', async () => {
    const weekly = { ...run, bucket: 1, horizonEnd: '2027-03-31' };
    send.mockImplementation(async (_method, path) => {
      if (path === mrpApi.calculate.path) return weekly as never;
      if (path === mrpApi.runs.path) return [weekly] as never;
      if (path === mrpApi.lines.path)
        return lines.map((l, i) => ({ ...l, period: ['2026-W51', '2026-W52'][i] })) as never;
      if (path === mrpApi.compare.path) return compare as never;
      throw new Error(`unexpected call ${path}`);
    });
    mountPage(<Toolbar />);
    fireEvent.click(screen.getByRole('button', { name: 'MRP计算' }));
    fireEvent.click(await screen.findByText('周'));
    const horizon = screen.getByLabelText('计划展望期至');
    fireEvent.mouseDown(horizon);
    fireEvent.change(horizon, { target: { value: '2027-03-31' } });
    fireEvent.keyDown(horizon, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        'POST',
        mrpApi.calculate.path,
        expect.objectContaining({ body: { bucket: 1, horizonEnd: '2027-03-31' } }),
      ),
    );
    expect(await screen.findByText('2026-W51')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '时段' })).toBeTruthy();
    expect(screen.getByText('计划时段：周；计划展望期至：2027-03-31')).toBeTruthy();
  });

  it('lists the kept runs', async () => {
    mountPage(<Toolbar />);
    fireEvent.click(screen.getByRole('button', { name: '运算记录' }));
    expect(await screen.findByText('MRP20261127083000')).toBeTruthy();
  });

  it('makes plans of the chosen make suggestions of the latest run, for who may', async () => {
    signIn(['purchasingdemand', 'purchasingdemandplan']);
    let planned = false;
    send.mockImplementation(async (_method, path) => {
      if (path === mrpApi.runs.path) return [run, { ...run, id: 11, code: 'MRP20261126083000' }] as never;
      if (path === mrpApi.lines.path)
        return (
          planned ? [lines[0], { ...lines[1], planId: 77, planCode: 'PL20261127009' }] : lines
        ) as never;
      if (path === mrpApi.compare.path) return compare as never;
      if (path === mrpApi.toPlans.path) {
        planned = true;
        return [{ lineId: 2, planId: 77, planCode: 'PL20261127009', orderCode: 'MO20261127011' }] as never;
      }
      throw new Error(`unexpected call ${path}`);
    });
    mountPage(<Toolbar />);
    fireEvent.click(screen.getByRole('button', { name: '运算记录' }));
    const make = await screen.findByRole('button', { name: /生成生产计划/ });
    // one kind at a time: the made parts only
    fireEvent.click(screen.getByText('自制（1）'));
    await waitFor(() => expect(screen.queryByText('冷轧取向硅钢片')).toBeNull());
    fireEvent.click(screen.getByText('全部（2）'));
    expect((make as HTMLButtonElement).disabled).toBe(true);
    // a bought line is not for a plan
    expect((screen.getByLabelText('选择冷轧取向硅钢片') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('选择铁心 630kVA'));
    fireEvent.click(screen.getByRole('button', { name: /生成生产计划（1）/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('已生成生产计划 PL20261127009（计划类型：物料需求计划）')).toBeTruthy();
    expect(send).toHaveBeenCalledWith(
      'POST',
      mrpApi.toPlans.path,
      expect.objectContaining({ body: { id: 12, lineIds: [2] } }),
    );
    expect(await screen.findByText('PL20261127009')).toBeTruthy();
    // an older run's suggestions are not offered
    fireEvent.click(screen.getByText('MRP20261126083000'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /生成生产计划/ })).toBeNull());
  });

  it('offers no plans to who may only read', async () => {
    signIn(['purchasingdemand']);
    mountPage(<Toolbar />);
    fireEvent.click(screen.getByRole('button', { name: '运算记录' }));
    expect(await screen.findByText('QG20261127001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /生成生产计划/ })).toBeNull();
  });
});
