import { qualitySpcApi, type SpcChart } from '@factory/shared/api/qualitySpc';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { mountPage } from '../../platform/testing.tsx';
import { SpcChartModal } from './SpcChart.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
// the chart draws on a canvas the test DOM lacks: what it is given is what counts
const setOption = vi.fn();
vi.mock('echarts/core', () => ({
  use: vi.fn(),
  init: () => ({ setOption, resize: vi.fn(), dispose: vi.fn() }),
}));
const send = vi.mocked(request);

const group = (code: string, values: number[]) => {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return {
    orderCodes: [code],
    completedAt: '2026-11-28 10:00:00',
    values,
    mean,
    range: Math.max(...values) - Math.min(...values),
  };
};

const result: SpcChart = {
  item: { id: 3, code: 'JYXM0002', name: '线径', unit: 'mm' },
  subgroupSize: 4,
  spec: { lower: 7.9, upper: 8.1, standard: 8, source: 'item', orderCode: null },
  subgroups: [
    group('ZJ202611280001', [8.01, 7.99, 8.005, 7.995]),
    group('ZJ202611280002', [8.07, 8.05, 8.065, 8.055]),
    group('ZJ202611280003', [8.012, 7.992, 8.007, 7.997]),
  ],
  xbar: { center: 8.02, ucl: 8.03458, lcl: 8.00542 },
  r: { center: 0.02, ucl: 0.04564, lcl: 0 },
  flags: [{ chart: 'xbar', index: 1, rule: 1 }],
  sigma: 0.009713,
  cp: 3.4318,
  cpk: 2.7453,
  grade: 'A+',
  trial: true,
  counts: { values: 13, subgroups: 3, trailing: 1, older: 0 },
};

afterEach(() => {
  cleanup();
  send.mockReset();
  setOption.mockReset();
});

describe('SpcChartModal', () => {
  it('shows the capability with its grade, the trial tag, and both charts with their limits and the flagged point', async () => {
    send.mockImplementation(async (_method, path) =>
      path === qualitySpcApi.chart.path ? result : { records: [], total: 0 },
    );
    mountPage(<SpcChartModal item={{ id: 3, name: '线径' }} onClose={vi.fn()} />);
    expect(await screen.findByText('3.4318')).toBeTruthy();
    expect(screen.getByText('2.7453')).toBeTruthy();
    expect(screen.getByText('A+')).toBeTruthy();
    expect(screen.getByText('试算控制限')).toBeTruthy();
    expect(screen.getByText('LSL 7.9 ～ USL 8.1 mm（取自检验项目）')).toBeTruthy();
    expect(screen.getByText(/最新 1 个值不足一组，未计入/)).toBeTruthy();
    const sent = send.mock.calls.find(([, path]) => path === qualitySpcApi.chart.path);
    expect(sent?.[2]?.query).toEqual({ itemId: 3, subgroupSize: 5 });

    await waitFor(() => expect(setOption).toHaveBeenCalledTimes(2));
    const [xbar, r] = setOption.mock.calls.map((c) => c[0]);
    const lines = (o: typeof xbar) =>
      o.series[0].markLine.data.map((d: { label: { formatter: string } }) => d.label.formatter);
    expect(lines(xbar)).toEqual(['UCL 8.03458', 'CL 8.02', 'LCL 8.00542', 'USL 8.1', 'LSL 7.9']);
    expect(lines(r)).toEqual(['UCL 0.04564', 'CL 0.02', 'LCL 0']);
    // the flagged subgroup is red and its tooltip names the rule; the axis reaches the spec limits
    expect(xbar.series[0].data[1].itemStyle).toEqual({ color: '#cf1322' });
    expect(xbar.series[0].data[0].itemStyle).toBeUndefined();
    expect(xbar.tooltip.formatter([{ dataIndex: 1 }])).toContain('规则1：超出控制限');
    expect(xbar.tooltip.formatter([{ dataIndex: 1 }])).toContain('ZJ202611280002');
    expect(xbar.yAxis.min).toBeLessThan(7.9);
    expect(xbar.yAxis.max).toBeGreaterThan(8.1);
    expect(r.series[0].data.every((d: { itemStyle?: unknown }) => d.itemStyle === undefined)).toBe(true);
  });
});
