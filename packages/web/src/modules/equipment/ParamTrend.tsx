import {
  deviceParametersApi,
  TREND_PARAMS_MAX,
  type TrendSeries,
} from '@factory/shared/api/deviceParameters';
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Empty, Flex, Select, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef, useState } from 'react';
import { call } from '../../platform/call.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { EQUIPMENT } from './myEquipment.ts';

echarts.use([
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

type Range = [Dayjs, Dayjs];

const PRESETS: { label: string; value: () => Range }[] = [
  { label: '最近 6 小时', value: () => [dayjs().subtract(6, 'hour'), dayjs()] },
  { label: '最近 24 小时', value: () => [dayjs().subtract(1, 'day'), dayjs()] },
  { label: '最近 7 天', value: () => [dayjs().subtract(7, 'day'), dayjs()] },
  { label: '最近 30 天', value: () => [dayjs().subtract(30, 'day'), dayjs()] },
  { label: '最近 1 年', value: () => [dayjs().subtract(1, 'year'), dayjs()] },
];

const withUnit = (v: number | null, unit: string | null) =>
  v === null ? '' : `${v}${unit ? ` ${unit}` : ''}`;

/**
 * A series' [time, average] points with a null where the machine sent nothing for a while, so the
 * line breaks there instead of bridging hours it never reported. "A while" is three times the usual
 * step between points (their median) or three buckets, whichever is longer: a machine reporting
 * every ten minutes is not broken at each point, one silent for a day is.
 */
export function chartPoints(points: TrendSeries['points'], bucketMs: number): [number, number | null][] {
  const steps = points
    .slice(1)
    .map((p, i) => p[0] - points[i][0])
    .sort((a, b) => a - b);
  const usual = steps.length ? steps[Math.floor(steps.length / 2)] : 0;
  const gap = 3 * Math.max(usual, bucketMs);
  const out: [number, number | null][] = [];
  for (const [i, p] of points.entries()) {
    if (i > 0 && p[0] - points[i - 1][0] > gap)
      out.push([points[i - 1][0] + Math.max(usual, bucketMs), null]);
    out.push([p[0], p[1]]);
  }
  return out;
}

/** The chart: one line per parameter (bucket averages), its limits as dashed lines, an axis per unit. */
function TrendChart({ series, bucketMs }: { series: TrendSeries[]; bucketMs: number }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current);
    const units = [...new Set(series.map((s) => s.unit ?? ''))];
    chart.setOption({
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: unknown) => (typeof v === 'number' ? String(Math.round(v * 1000) / 1000) : ''),
      },
      legend: { top: 0 },
      grid: { left: 56, right: 40 + Math.max(0, units.length - 1) * 56, top: 40, bottom: 64 },
      xAxis: { type: 'time' },
      yAxis: units.map((unit, i) => ({
        type: 'value',
        name: unit,
        scale: true,
        position: i === 0 ? 'left' : 'right',
        offset: i > 1 ? (i - 1) * 56 : 0,
      })),
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 12 }],
      series: series.map((s) => ({
        name: s.name,
        type: 'line',
        showSymbol: false,
        yAxisIndex: units.indexOf(s.unit ?? ''),
        data: chartPoints(s.points, bucketMs),
        markLine: {
          symbol: 'none',
          lineStyle: { type: 'dashed', color: '#cf1322' },
          data: [
            ...(s.upperLimit === null
              ? []
              : [
                  {
                    yAxis: s.upperLimit,
                    label: { formatter: `${s.name}上限 ${withUnit(s.upperLimit, s.unit)}` },
                  },
                ]),
            ...(s.lowerLimit === null
              ? []
              : [
                  {
                    yAxis: s.lowerLimit,
                    label: { formatter: `${s.name}下限 ${withUnit(s.lowerLimit, s.unit)}` },
                  },
                ]),
          ],
        },
      })),
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [series, bucketMs]);
  return <div ref={el} style={{ width: '100%', height: 360 }} />;
}

/**
 * 参数趋势: chosen parameters of one piece of equipment over a range, as a line chart with the
 * parameters' limits. With `equipmentId` it shows that equipment (the account detail); without,
 * the user picks it. The server answers at most 1 000 points per parameter (bucket averages).
 */
export function ParamTrend({ equipmentId: fixed }: { equipmentId?: number }) {
  const [picked, setPicked] = useState<number>();
  const equipmentId = fixed ?? picked;
  const [paramIds, setParamIds] = useState<number[]>([]);
  const [range, setRange] = useState<Range>(() => PRESETS[1].value());
  const params = useQuery({
    queryKey: ['deviceParameterRecord', equipmentId],
    queryFn: () =>
      call(deviceParametersApi.record, {
        equipmentId: equipmentId ?? 0,
        currentPage: 1,
        pageSize: 10,
      }),
    enabled: equipmentId !== undefined,
  });
  const numeric = useMemo(
    () => (params.data?.latest ?? []).filter((p) => p.dataType !== 2 && p.dataType !== 3),
    [params.data],
  );
  // a new equipment starts with its first parameters chosen
  useEffect(() => {
    setParamIds(numeric.slice(0, 2).map((p) => p.paramId));
  }, [numeric]);
  const body = {
    equipmentId: equipmentId ?? 0,
    paramIds,
    startTime: range[0].valueOf(),
    endTime: range[1].valueOf(),
  };
  const trend = useQuery({
    queryKey: ['deviceParameterTrend', body],
    queryFn: () => call(deviceParametersApi.trend, body),
    enabled: equipmentId !== undefined && paramIds.length > 0 && body.startTime < body.endTime,
  });
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        {fixed === undefined && (
          <RemoteSelect
            endpoint={EQUIPMENT.list}
            placeholder="请选择设备"
            style={{ width: 220 }}
            value={picked}
            onChange={(v) => setPicked(v as number)}
          />
        )}
        <Select
          mode="multiple"
          placeholder="请选择参数"
          style={{ minWidth: 280 }}
          maxCount={TREND_PARAMS_MAX}
          value={paramIds}
          onChange={setParamIds}
          options={numeric.map((p) => ({
            value: p.paramId,
            label: `${p.name}${p.unit ? `（${p.unit}）` : ''}`,
          }))}
          disabled={equipmentId === undefined}
        />
        <DatePicker.RangePicker
          showTime
          value={range}
          presets={PRESETS.map((p) => ({ label: p.label, value: p.value() }))}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          allowClear={false}
        />
        {trend.data && (
          <Typography.Text type="secondary">
            {trend.data.source === 'hour' ? '按小时汇总' : '原始读数'}
            {trend.data.bucketMs > 0 && `，每点为 ${Math.round(trend.data.bucketMs / 1000)} 秒内的平均值`}
          </Typography.Text>
        )}
      </Flex>
      {params.error || trend.error ? (
        <Alert type="error" showIcon message={String((params.error ?? trend.error)?.message)} />
      ) : equipmentId === undefined ? (
        <Empty description="选择设备后查看参数趋势" />
      ) : params.data && !numeric.length ? (
        <Empty description="该设备的分类没有可绘图的参数，请先在设备参数中维护" />
      ) : trend.isFetching && !trend.data ? (
        <Spin />
      ) : trend.data?.series.some((s) => s.points.length) ? (
        <TrendChart series={trend.data.series} bucketMs={trend.data.bucketMs} />
      ) : (
        <Empty description="所选时间段内没有读数" />
      )}
    </Flex>
  );
}
