import { deviceParametersApi } from '@factory/shared/api/deviceParameters';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../platform/request.ts';
import { mountPage } from '../../platform/testing.tsx';
import { chartPoints, ParamTrend } from './ParamTrend.tsx';

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

const param = (paramId: number, code: string, name: string, unit: string, upperLimit: number | null) => ({
  paramId,
  code,
  name,
  unit,
  dataType: 1,
  lowerLimit: null,
  upperLimit,
});

afterEach(() => {
  cleanup();
  send.mockReset();
  setOption.mockReset();
});

describe('ParamTrend', () => {
  it("charts one machine's first parameters with their limits as dashed lines", async () => {
    send.mockImplementation(async (_method, path) => {
      if (path === deviceParametersApi.record.path)
        return {
          latest: [
            { ...param(7, 'oilTemp', '油温', '℃', 75), ts: 1, value: 62, outCount: 0, alarmed: false },
            { ...param(8, 'vacuum', '真空度', 'Pa', 133), ts: 1, value: 70, outCount: 0, alarmed: false },
          ],
          records: { content: [], total: 0 },
        };
      return {
        source: 'raw',
        bucketMs: 87_000,
        series: [
          { ...param(7, 'oilTemp', '油温', '℃', 75), points: [[1000, 62, 61, 63]] },
          { ...param(8, 'vacuum', '真空度', 'Pa', 133), points: [[1000, 70, 65, 75]] },
        ],
      };
    });
    mountPage(<ParamTrend equipmentId={3} />);
    await waitFor(() => expect(setOption).toHaveBeenCalled());
    const trendCall = send.mock.calls.find(([, path]) => path === deviceParametersApi.trend.path);
    expect(trendCall?.[2]?.body).toMatchObject({ equipmentId: 3, paramIds: [7, 8] });
    const option = setOption.mock.calls.at(-1)?.[0];
    expect(option.yAxis.map((y: { name: string }) => y.name)).toEqual(['℃', 'Pa']);
    expect(option.series[0]).toMatchObject({
      name: '油温',
      yAxisIndex: 0,
      data: [[1000, 62]],
      markLine: { data: [{ yAxis: 75, label: { formatter: '油温上限 75 ℃' } }] },
    });
    expect(option.series[1].yAxisIndex).toBe(1);
    expect(screen.getByText(/原始读数，每点为 87 秒内的平均值/)).toBeTruthy();
  });

  it('breaks the line where the machine sent nothing for a while, not at its usual step', () => {
    const minute = 60_000;
    // every minute, then a silent day, then every minute again; buckets of 20 s (a short range)
    const points: [number, number, number, number][] = [0, 1, 2, 1442, 1443].map((m) => [
      m * minute,
      m,
      m,
      m,
    ]);
    expect(chartPoints(points, 20_000)).toEqual([
      [0, 0],
      [minute, 1],
      [2 * minute, 2],
      [3 * minute, null],
      [1442 * minute, 1442],
      [1443 * minute, 1443],
    ]);
    // a machine reporting every ten minutes is one unbroken line
    const sparse: [number, number, number, number][] = [0, 10, 20, 30].map((m) => [m * minute, m, m, m]);
    expect(chartPoints(sparse, 20_000).some(([, v]) => v === null)).toBe(false);
  });
});
