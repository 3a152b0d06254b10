import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FilterItem } from '@factory/shared/api/list';
import { mouldApi } from '@factory/shared/api/mould';
import {
  MAX_DEFECT_LINES,
  MAX_OPERATORS,
  type ReportBody,
  type TaskRow,
  workOrderApi,
} from '@factory/shared/api/workOrder';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { scrapReasonEntity } from '@factory/shared/entities/params';
import { MAX_PRODUCE_QUANTITY } from '@factory/shared/entities/produceOrder';
import { userEntity } from '@factory/shared/entities/user';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { formatNumber } from '../../platform/list/format.ts';
import { showFieldErrors } from '../../platform/list/formRules.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { useSession } from '../../platform/session.ts';
import { useSubmit } from '../../platform/useSubmit.ts';

const SCRAP_REASONS = entityEndpoints(scrapReasonEntity).list;
const USERS = entityEndpoints(userEntity).list;
/** Only enabled users report work. */
const ENABLED: readonly FilterItem[] = [{ fieldName: 'isEnabled', operator: 'eq', fieldValue: 1 }];
const TIME = 'YYYY-MM-DD HH:mm:ss';
const REMARK_MAX = 200;
/** Most hours one report may carry (the contract's bound). */
const MAX_HOURS = 100_000;
/** Tablets: every control large, every number box as wide as its cell. */
const BIG = { size: 'large', style: { width: '100%' } } as const;

interface Values {
  stationId?: number;
  userIds: number[];
  goodQuantity?: number | null;
  defectQuantity?: number | null;
  repairQuantity?: number | null;
  defects?: { scrapReasonId?: number; quantity?: number | null }[];
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
  workHours?: number | null;
  remark?: string;
  mouldId?: number | null;
}

/** Quantities carry up to 6 decimals: compared in millionths, so 0.1 + 0.2 is exactly 0.3. */
const micro = (n: number | null | undefined) => Math.round((n ?? 0) * 1e6);

/** What is wrong with the quantities, in the operator's words; nothing when they may be sent. */
function quantityProblem(v: Values, available: number): string | undefined {
  const total = micro(v.goodQuantity) + micro(v.defectQuantity) + micro(v.repairQuantity);
  if (total <= 0) return '请填写报工数量';
  if (total > micro(available)) return `报工数量不能超过可报数量${formatNumber(available)}`;
  const lines = v.defects ?? [];
  if (lines.length) {
    const sum = lines.reduce((s, l) => s + micro(l.quantity), 0);
    if (sum !== micro(v.defectQuantity))
      return `不良原因的数量合计${formatNumber(sum / 1e6)}，须等于不良数量${formatNumber(v.defectQuantity)}`;
  }
  return undefined;
}

/** The station to start from: the one asked for when the step allows it, else the one distributed to. */
function startStation(task: TaskRow, preferred: number | undefined): number | undefined {
  if (preferred !== undefined && task.stations.some((s) => s.id === preferred)) return preferred;
  const distributed = task.stations.filter((s) => s.distributed);
  if (distributed.length === 1) return distributed[0].id;
  return task.stations.length === 1 ? task.stations[0].id : undefined;
}

const timeText = (t: Dayjs | null | undefined) => (t ? t.format(TIME) : undefined);

/**
 * 报工: the good, defect (by scrap reason) and repair quantities of one task at a station, by whom
 * and when. Used on tablets at the station terminal and from the work-order detail, so every
 * control is large. Checks the quantities against what the task may still take before sending;
 * a double click sends once. After '报工成功' it calls `onReported`, then `onClose`.
 */
export function ReportWorkModal(props: {
  open: boolean;
  task?: TaskRow;
  workOrderCode?: string;
  defaultStationId?: number;
  onClose(): void;
  onReported(): void;
}) {
  const { open, task, onClose } = props;
  // the last task stays while the dialog closes, so its content does not vanish under the animation
  const [shown, setShown] = useState(task);
  if (task && task !== shown) setShown(task);
  return (
    <AppModal open={open && !!task} title="报工" width={760} footer={null} onCancel={onClose}>
      {/* mounted per opening (AppModal), so each report starts from empty quantities */}
      {shown && <ReportForm {...props} task={shown} />}
    </AppModal>
  );
}

function ReportForm({
  task,
  workOrderCode,
  defaultStationId,
  onClose,
  onReported,
}: {
  task: TaskRow;
  workOrderCode?: string;
  defaultStationId?: number;
  onClose(): void;
  onReported(): void;
}) {
  const { message } = App.useApp();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  // two clicks in one frame both see saving false: run drops the second
  const { saving, run } = useSubmit();
  const [problem, setProblem] = useState<string>();
  const defect = Form.useWatch('defectQuantity', form);
  const lines = Form.useWatch('defects', form);
  const available = task.availableQuantity;
  // the moulds lent to the task's line for its procedure (docs/mould.md): offered only when there are some
  const mouldList = useQuery({
    queryKey: ['mouldsForTask', task.id],
    queryFn: () => call(mouldApi.onLine, { taskId: task.id }),
  });
  const moulds = Array.isArray(mouldList.data) ? mouldList.data : [];

  const operators = [
    ...(user ? [{ value: user.id, label: user.name }] : []),
    ...task.users.filter((u) => u.id !== user?.id).map((u) => ({ value: u.id, label: u.name })),
  ];

  const submit = async (v: Values) => {
    const wrong = quantityProblem(v, available);
    setProblem(wrong);
    if (wrong) return;
    // the form's rules made every line whole: a reason and a quantity above 0
    const defects = (v.defects ?? []).flatMap(({ scrapReasonId, quantity }) =>
      scrapReasonId !== undefined && quantity ? [{ scrapReasonId, quantity }] : [],
    );
    const body: ReportBody = {
      taskId: task.id,
      stationId: v.stationId,
      userIds: v.userIds,
      goodQuantity: v.goodQuantity ?? 0,
      defectQuantity: v.defectQuantity ?? 0,
      repairQuantity: v.repairQuantity ?? 0,
      defects: defects.length ? defects : undefined,
      startTime: timeText(v.startTime),
      endTime: timeText(v.endTime),
      workHours: v.workHours ?? undefined,
      remark: v.remark?.trim() || undefined,
      mouldId: v.mouldId ?? undefined,
    };
    await run(async () => {
      try {
        await call(workOrderApi.report, body);
        message.success('报工成功');
        onReported();
        onClose();
      } catch (err) {
        showFieldErrors(form, err, [
          'stationId',
          'userIds',
          'goodQuantity',
          'defectQuantity',
          'repairQuantity',
          'startTime',
          'endTime',
          'workHours',
          'remark',
          'mouldId',
        ]);
        throw err;
      }
    });
  };

  const quantity = (name: 'goodQuantity' | 'defectQuantity' | 'repairQuantity', label: string) => (
    <Col xs={24} sm={8}>
      <Form.Item name={name} label={label}>
        <InputNumber {...BIG} min={0} max={MAX_PRODUCE_QUANTITY} placeholder="0" inputMode="decimal" />
      </Form.Item>
    </Col>
  );

  return (
    <Form<Values>
      form={form}
      name="reportWork"
      layout="vertical"
      initialValues={{
        stationId: startStation(task, defaultStationId),
        userIds: user ? [user.id] : [],
        endTime: dayjs(),
      }}
      onValuesChange={() => setProblem(undefined)}
      onFinish={submit}
    >
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 3 }}
        style={{ marginBottom: 20 }}
        items={[
          { key: 'code', label: '工单编号', children: workOrderCode ?? task.code },
          { key: 'procedure', label: '工序', children: task.procedureName },
          {
            key: 'available',
            label: '可报数量',
            children: (
              <Typography.Text strong style={{ fontSize: 20 }} data-testid="available">
                {formatNumber(available)}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="stationId"
            label="工位"
            rules={task.stations.length ? [{ required: true, message: '请选择工位' }] : []}
          >
            <Select
              {...BIG}
              placeholder={task.stations.length ? '请选择工位' : '当前工位'}
              disabled={!task.stations.length}
              options={task.stations.map((s) => ({
                value: s.id,
                label: s.distributed ? `${s.name}（已派工）` : s.name,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="userIds"
            label="报工人员"
            rules={[
              { required: true, type: 'array', min: 1, message: '请选择报工人员' },
              { type: 'array', max: MAX_OPERATORS, message: `报工人员不能超过${MAX_OPERATORS}人` },
            ]}
          >
            <RemoteSelect
              {...BIG}
              endpoint={USERS}
              filters={ENABLED}
              mode="multiple"
              placeholder="请选择报工人员"
              knownOptions={operators}
            />
          </Form.Item>
        </Col>
        {quantity('goodQuantity', '合格数量')}
        {quantity('defectQuantity', '不良数量')}
        {quantity('repairQuantity', '返修数量')}
      </Row>
      {(micro(defect) > 0 || !!lines?.length) && <DefectLines count={lines?.length ?? 0} defect={defect} />}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="startTime" label="开始时间">
            <DatePicker {...BIG} showTime format="YYYY-MM-DD HH:mm" placeholder="请选择开始时间" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="endTime"
            label="结束时间"
            dependencies={['startTime']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_r, end: Dayjs | null | undefined) => {
                  const start: Dayjs | null | undefined = getFieldValue('startTime');
                  return start && end?.isBefore(start)
                    ? Promise.reject(new Error('结束时间不能早于开始时间'))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker {...BIG} showTime format="YYYY-MM-DD HH:mm" placeholder="请选择结束时间" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="workHours" label="工时" extra="留空则按开始、结束时间（扣除暂停）和人数自动计算">
            <InputNumber {...BIG} min={0} max={MAX_HOURS} suffix="小时" placeholder="自动计算" />
          </Form.Item>
        </Col>
        {moulds.length > 0 && (
          <Col xs={24} sm={12}>
            <Form.Item name="mouldId" label="模具" extra="使用模具时选择，报工数量按穴数累计模次">
              <Select
                {...BIG}
                allowClear
                placeholder="请选择模具"
                options={moulds.map((m) => ({
                  value: m.id,
                  label: `${m.code} ${m.name}（${m.cavities}穴，已用${m.usedShots}/${m.designLife}模次）`,
                }))}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="remark" label="备注">
            <Input.TextArea maxLength={REMARK_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Flex justify="flex-end" gap={12}>
        <Button size="large" style={{ minWidth: 112, height: 48 }} onClick={onClose}>
          取消
        </Button>
        <Button
          type="primary"
          size="large"
          htmlType="submit"
          loading={saving}
          style={{ minWidth: 140, height: 48 }}
        >
          确认报工
        </Button>
      </Flex>
    </Form>
  );
}

/** The defect quantity by scrap reason: optional, but when given its lines add up to it. */
function DefectLines({ count, defect }: { count: number; defect: number | null | undefined }) {
  return (
    <Form.List name="defects">
      {(fields, { add, remove }) => (
        <div style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            不良原因（选填）：按原因填写时，各原因数量之和须等于不良数量
            {micro(defect) > 0 ? ` ${formatNumber(defect)}` : ''}
          </Typography.Text>
          {fields.map((field, i) => (
            <Flex key={field.key} gap={8} align="start">
              <Form.Item
                name={[field.name, 'scrapReasonId']}
                rules={[{ required: true, message: '请选择不良原因' }]}
                style={{ flex: 1, marginBottom: 12 }}
              >
                <RemoteSelect
                  {...BIG}
                  endpoint={SCRAP_REASONS}
                  placeholder="请选择不良原因"
                  aria-label={`不良原因${i + 1}`}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'quantity']}
                rules={[
                  { required: true, message: '请输入数量' },
                  {
                    validator: (_r, q: number | null | undefined) =>
                      q === null || q === undefined || q > 0
                        ? Promise.resolve()
                        : Promise.reject(new Error('数量须大于0')),
                  },
                ]}
                style={{ width: 180, marginBottom: 12 }}
              >
                <InputNumber
                  {...BIG}
                  min={0}
                  max={MAX_PRODUCE_QUANTITY}
                  placeholder="数量"
                  inputMode="decimal"
                  aria-label={`不良数量${i + 1}`}
                />
              </Form.Item>
              <Button
                size="large"
                icon={<DeleteOutlined />}
                aria-label="删除"
                style={{ width: 48, height: 40 }}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          {count < MAX_DEFECT_LINES && (
            <Button type="dashed" size="large" block icon={<PlusOutlined />} onClick={() => add()}>
              添加不良原因
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}
