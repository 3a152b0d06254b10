import { deviceParametersApi, type StateTimeline } from '@factory/shared/api/deviceParameters';
import { machineState } from '@factory/shared/enums';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  InputNumber,
  Modal,
  Segmented,
  Statistic,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { call } from '../../platform/call.ts';
import { EnumCell } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { EQUIPMENT } from './myEquipment.ts';

const HOUR = 3_600_000;
const RANGES = [
  { label: '近 24 小时', value: 24 },
  { label: '近 7 天', value: 24 * 7 },
  { label: '近 30 天', value: 24 * 30 },
];
/** The bar's colour where the machine had not reported yet. */
const UNKNOWN = '#f0f0f0';

export interface Segment {
  from: number;
  to: number;
  state: number | null;
}

/** The timeline as spans of one state each, from the range's start to its end. */
export function segmentsOf(t: StateTimeline, start: number, end: number): Segment[] {
  const out: Segment[] = [];
  let state = t.initial;
  let at = start;
  for (const [ts, s] of t.changes) {
    if (ts > at) out.push({ from: at, to: ts, state });
    state = s;
    at = Math.max(at, ts);
  }
  if (end > at) out.push({ from: at, to: end, state });
  return out;
}

const hoursText = (ms: number) => `${formatNumber(Math.round((ms / HOUR) * 10) / 10)} 小时`;

/**
 * 运行状态 of a machine's page: what its feed says now, its run-hour counter (录入运行小时 sets it
 * from the hour meter), and a bar of its states over the last day, week or month with the hours run.
 */
export function RunStateCard({
  equipment,
}: {
  equipment: { id: number; machineState: number | null; runHours: number | null };
}) {
  const can = usePermission();
  const client = useQueryClient();
  const [hours, setHours] = useState(24);
  const [editing, setEditing] = useState(false);
  // the range ends at the minute the card was opened or the range picked, so the query key holds still
  const range = useMemo(() => {
    const end = dayjs().startOf('minute').valueOf();
    return { startTime: end - hours * HOUR, endTime: end };
  }, [hours]);
  const timeline = useQuery({
    queryKey: [deviceParametersApi.stateTimeline.path, equipment.id, range],
    queryFn: ({ signal }) =>
      call(deviceParametersApi.stateTimeline, { equipmentId: equipment.id, ...range }, { signal }),
  });
  const segments = timeline.data ? segmentsOf(timeline.data, range.startTime, range.endTime) : [];
  const span = range.endTime - range.startTime;
  const reported = segments.some((s) => s.state !== null);
  return (
    <Card
      variant="borderless"
      title="运行状态"
      extra={
        can('accountList', 'Modify') && (
          <Button size="small" onClick={() => setEditing(true)}>
            录入运行小时
          </Button>
        )
      }
    >
      <Flex gap={48} wrap align="flex-start">
        <Statistic
          title="机台状态"
          valueRender={() =>
            equipment.machineState === null ? (
              <Typography.Text type="secondary">未接入</Typography.Text>
            ) : (
              <EnumCell value={equipment.machineState} enumDecl={machineState} />
            )
          }
        />
        <Statistic
          title="累计运行"
          value={Math.round((equipment.runHours ?? 0) * 10) / 10}
          suffix="小时"
          formatter={(v) => formatNumber(Number(v))}
        />
        {timeline.data && (
          <Statistic
            title={`${RANGES.find((r) => r.value === hours)?.label}运行`}
            value={timeline.data.runHours}
            precision={1}
            suffix={`小时（${Math.round((timeline.data.runHours * HOUR * 100) / span)}%）`}
          />
        )}
      </Flex>
      <Flex vertical gap={8} style={{ marginTop: 16 }}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Segmented size="small" options={RANGES} value={hours} onChange={(v) => setHours(Number(v))} />
          <Flex gap={12} wrap>
            {machineState.items.map((o) => (
              <Flex key={o.value} gap={4} align="center">
                <span style={{ width: 10, height: 10, borderRadius: 2, background: o.color }} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {o.label}
                </Typography.Text>
              </Flex>
            ))}
          </Flex>
        </Flex>
        <div
          role="img"
          aria-label="机台状态时间线"
          style={{ display: 'flex', height: 18, borderRadius: 4, overflow: 'hidden', background: UNKNOWN }}
        >
          {segments.map((s) => (
            <Tooltip
              key={s.from}
              title={`${s.state === null ? '无数据' : machineState.label(s.state)}：${dayjs(s.from).format('MM-DD HH:mm')} ~ ${dayjs(s.to).format('MM-DD HH:mm')}，${hoursText(s.to - s.from)}`}
            >
              <div
                style={{
                  width: `${((s.to - s.from) * 100) / span}%`,
                  background: s.state === null ? UNKNOWN : machineState.color(s.state),
                }}
              />
            </Tooltip>
          ))}
        </div>
        <Flex justify="space-between">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {dayjs(range.startTime).format('MM-DD HH:mm')}
          </Typography.Text>
          {!reported && timeline.data && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              这段时间设备没有上报机台状态
            </Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {dayjs(range.endTime).format('MM-DD HH:mm')}
          </Typography.Text>
        </Flex>
      </Flex>
      <RunHoursModal
        open={editing}
        equipmentId={equipment.id}
        current={equipment.runHours}
        onClose={(saved) => {
          setEditing(false);
          if (saved) void client.invalidateQueries({ queryKey: [EQUIPMENT.detail.path] });
        }}
      />
    </Card>
  );
}

/** 录入运行小时: the hour meter's reading replaces the counter; running time is added from now on. */
function RunHoursModal({
  open,
  equipmentId,
  current,
  onClose,
}: {
  open: boolean;
  equipmentId: number;
  current: number | null;
  onClose(saved: boolean): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ runHours: number }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const { runHours } = await form.validateFields();
    setSaving(true);
    try {
      await call(deviceParametersApi.setRunHours, { equipmentId, runHours });
      message.success('累计运行小时已更新');
      onClose(true);
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title="录入运行小时"
      open={open}
      okText="保存"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      afterOpenChange={(o) => o && form.setFieldsValue({ runHours: current ?? 0 })}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="runHours"
          label="计时表读数（小时）"
          extra="以设备计时表的当前读数校正累计运行小时；此后机台上报的运行时间继续累加，按运行小时的保养计划据此生成工单"
          rules={[{ required: true, message: '请输入累计运行小时' }]}
        >
          <InputNumber min={0} max={1_000_000} precision={1} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
