import {
  qualitySpcApi,
  SPC_DEFAULT_SUBGROUP,
  SPC_MAX_SUBGROUPS,
  type SpcChart,
  type SpcChartQuery,
} from '@factory/shared/api/qualitySpc';
import { SUBGROUP_MAX, SUBGROUP_MIN, SUBGROUPS_ADVISED } from '@factory/shared/quality/spc';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Descriptions, Empty, Flex, Select, Spin, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { MaterialSelect } from '../../platform/list/RemoteSelect.tsx';

echarts.use([
  LineChart,
  GridComponent,
  TooltipComponent,
  DataZoomComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

const RED = '#cf1322';
const SPEC = '#d46b08';
const RULES: Record<number, string> = {
  1: '规则1：超出控制限',
  2: '规则2：连续9点位于中心线同一侧',
  3: '规则3：连续6点持续上升或下降',
};
const GRADE_COLOR: Record<string, string> = { 'A+': 'success', A: 'processing', B: 'warning', C: 'error' };
const GRADE_TEXT: Record<string, string> = {
  'A+': 'Cpk ≥ 1.67，能力充足',
  A: '1.33 ≤ Cpk < 1.67，能力良好',
  B: '1.0 ≤ Cpk < 1.33，能力尚可，需关注',
  C: 'Cpk < 1.0，能力不足，需改进',
};

/** A number as the chart and panel show it: six significant digits, no float noise. */
export const fmt = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : String(Number(v.toPrecision(6)));

type Which = 'xbar' | 'r';

/** The rules that fired at each subgroup on one chart. */
function rulesAt(c: SpcChart, which: Which) {
  const at = new Map<number, number[]>();
  for (const f of c.flags) if (f.chart === which) at.set(f.index, [...(at.get(f.index) ?? []), f.rule]);
  return at;
}

const limitLine = (name: string, value: number, color: string, type: 'solid' | 'dashed') => ({
  yAxis: value,
  lineStyle: { color, type },
  label: { formatter: `${name} ${fmt(value)}`, position: 'insideEndTop', color },
});

/**
 * One control chart's ECharts option: the subgroups' means (or ranges) with the centre line and
 * control limits, flagged points red with their rules in the tooltip; the X̄ chart also shows the
 * specification limits, and its axis reaches them (mark lines do not stretch an axis by themselves).
 */
export function controlChartOption(c: SpcChart, which: Which) {
  const limits = which === 'xbar' ? c.xbar : c.r;
  const values = c.subgroups.map((g) => (which === 'xbar' ? g.mean : g.range));
  const flagged = rulesAt(c, which);
  const spec =
    which === 'xbar'
      ? [
          ...(c.spec.upper === null ? [] : [limitLine('USL', c.spec.upper, SPEC, 'solid')]),
          ...(c.spec.lower === null ? [] : [limitLine('LSL', c.spec.lower, SPEC, 'solid')]),
        ]
      : [];
  const shown = [...values, limits.ucl, limits.lcl, ...spec.map((s) => s.yAxis)];
  const lo = Math.min(...shown);
  const hi = Math.max(...shown);
  const pad = (hi - lo) * 0.08 || Math.abs(hi) * 0.01 || 1;
  const name = which === 'xbar' ? 'X̄' : 'R';
  return {
    grid: { left: 64, right: 96, top: 24, bottom: c.subgroups.length > 50 ? 56 : 28 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: { dataIndex: number }[]) => {
        const i = params[0]?.dataIndex ?? 0;
        const g = c.subgroups[i];
        const rules = (flagged.get(i) ?? []).map((r) => `<span style="color:${RED}">${RULES[r]}</span>`);
        return [
          `子组 ${i + 1}（${g.completedAt}）`,
          `质检单：${g.orderCodes.join('、')}`,
          `测量值：${g.values.map(fmt).join('，')}`,
          `${name}：${fmt(values[i])}`,
          ...rules,
        ].join('<br/>');
      },
    },
    xAxis: { type: 'category', name: '子组', data: c.subgroups.map((_, i) => String(i + 1)) },
    yAxis: {
      type: 'value',
      name,
      min: lo - pad,
      max: hi + pad,
      axisLabel: { formatter: (v: number) => fmt(v) },
    },
    dataZoom: c.subgroups.length > 50 ? [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }] : [],
    series: [
      {
        name,
        type: 'line',
        data: values.map((v, i) => ({
          value: v,
          ...(flagged.has(i) ? { symbolSize: 9, itemStyle: { color: RED } } : {}),
        })),
        symbolSize: 5,
        markLine: {
          symbol: 'none',
          silent: true,
          data: [
            limitLine('UCL', limits.ucl, RED, 'dashed'),
            limitLine('CL', limits.center, '#389e0d', 'solid'),
            limitLine('LCL', limits.lcl, RED, 'dashed'),
            ...spec,
          ],
        },
      },
    ],
  };
}

function ControlChart({ option }: { option: ReturnType<typeof controlChartOption> }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current);
    chart.setOption(option);
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [option]);
  return <div ref={el} style={{ width: '100%', height: 240 }} />;
}

/** σ, Cp, Cpk with the grade, the spec limits they were taken against, and what was charted. */
function Capability({ c }: { c: SpcChart }) {
  const unit = c.item.unit ? ` ${c.item.unit}` : '';
  const specFrom =
    c.spec.source === 'item' ? '检验项目' : c.spec.source === 'order' ? `质检单 ${c.spec.orderCode}` : '';
  const flagged = new Set(c.flags.map((f) => `${f.chart}${f.index}`)).size;
  return (
    <Descriptions
      size="small"
      bordered
      column={4}
      items={[
        { key: 'sigma', label: 'σ（R̄/d₂）', children: fmt(c.sigma) },
        { key: 'cp', label: 'Cp', children: fmt(c.cp) },
        { key: 'cpk', label: 'Cpk', children: fmt(c.cpk) },
        {
          key: 'grade',
          label: '能力等级',
          children: c.grade ? (
            <Tooltip title={GRADE_TEXT[c.grade]}>
              <Tag color={GRADE_COLOR[c.grade]}>{c.grade}</Tag>
            </Tooltip>
          ) : (
            '—'
          ),
        },
        {
          key: 'spec',
          label: '规格限',
          span: 2,
          children:
            c.spec.source === 'none'
              ? '未设置上下限，无法计算过程能力'
              : `LSL ${fmt(c.spec.lower)} ～ USL ${fmt(c.spec.upper)}${unit}（取自${specFrom}）`,
        },
        {
          key: 'counts',
          label: '子组',
          span: 2,
          children: (
            <Flex gap={8} wrap align="center">
              <span>
                {c.counts.subgroups} 组 × {c.subgroupSize}，判异 {flagged} 点
              </span>
              {c.trial && (
                <Tooltip title={`子组少于 ${SUBGROUPS_ADVISED} 个，控制限仅供试算参考`}>
                  <Tag color="warning">试算控制限</Tag>
                </Tooltip>
              )}
            </Flex>
          ),
        },
      ]}
    />
  );
}

function SpcBody({ itemId }: { itemId: number }) {
  const [materialsId, setMaterialsId] = useState<number>();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [subgroupSize, setSubgroupSize] = useState(SPC_DEFAULT_SUBGROUP);
  const query: SpcChartQuery = {
    itemId,
    subgroupSize,
    ...(materialsId ? { materialsId } : {}),
    ...(range
      ? {
          beginTime: `${range[0].format('YYYY-MM-DD')} 00:00:00`,
          endTime: `${range[1].format('YYYY-MM-DD')} 23:59:59`,
        }
      : {}),
  };
  const spc = useQuery({
    queryKey: ['qualitySpcChart', query],
    // the refusal (too few values) is shown in the dialog, not as a toast
    queryFn: () => call(qualitySpcApi.chart, query, { quiet: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const c = spc.error ? undefined : spc.data;
  // built once per answer: a new option object would redraw the charts on every render
  const xbar = useMemo(() => (c ? controlChartOption(c, 'xbar') : undefined), [c]);
  const r = useMemo(() => (c ? controlChartOption(c, 'r') : undefined), [c]);
  const left = c
    ? [
        c.counts.trailing ? `最新 ${c.counts.trailing} 个值不足一组，未计入` : '',
        c.counts.older ? `仅显示最近 ${SPC_MAX_SUBGROUPS} 个子组（更早的 ${c.counts.older} 组未显示）` : '',
      ].filter(Boolean)
    : [];
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <MaterialSelect
          placeholder="全部物料"
          allowClear
          style={{ width: 240 }}
          value={materialsId}
          onChange={(v) => setMaterialsId(v as number | undefined)}
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(v) => setRange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
          placeholder={['完成日期起', '完成日期止']}
        />
        <Select
          aria-label="子组大小"
          style={{ width: 130 }}
          value={subgroupSize}
          onChange={setSubgroupSize}
          options={Array.from({ length: SUBGROUP_MAX - SUBGROUP_MIN + 1 }, (_, i) => ({
            value: SUBGROUP_MIN + i,
            label: `每组 ${SUBGROUP_MIN + i} 个值`,
          }))}
        />
      </Flex>
      {spc.error ? (
        <Alert type="warning" showIcon message={spc.error.message} />
      ) : !c || !xbar || !r ? (
        spc.isFetching ? (
          <Spin />
        ) : (
          <Empty />
        )
      ) : (
        <>
          <Capability c={c} />
          <Typography.Text strong>X̄ 控制图（子组均值）</Typography.Text>
          <ControlChart option={xbar} />
          <Typography.Text strong>R 控制图（子组极差）</Typography.Text>
          <ControlChart option={r} />
          <Typography.Text type="secondary">
            已提交质检单的测量值按完成时间、样本号顺序每 {c.subgroupSize}{' '}
            个为一组；红点为判异点（悬停查看规则）。
            {left.join('；')}
          </Typography.Text>
        </>
      )}
    </Flex>
  );
}

/**
 * SPC分析 of a measured key inspection item: the X̄–R chart of its values in submitted orders
 * (filtered by material, completion date, subgroup size), with the capability against its
 * specification limits (docs/quality.md "SPC"). Open while an item is given.
 */
export function SpcChartModal({
  item,
  onClose,
}: {
  item?: { id: number; name: string | null };
  onClose(): void;
}) {
  return (
    <AppModal
      title={`SPC分析 · ${item?.name ?? ''}`}
      open={!!item}
      width={1000}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {item && <SpcBody itemId={item.id} />}
    </AppModal>
  );
}
