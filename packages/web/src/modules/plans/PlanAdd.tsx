import type { FilterItem } from '@factory/shared/api/list';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { produceOrderEntity } from '@factory/shared/entities/produceOrder';
import { producePlanEntity } from '@factory/shared/entities/producePlan';
import type { AddBody, RowOf } from '@factory/shared/entities/schema';
import { priority } from '@factory/shared/enums';
import { routeHref } from '@factory/shared/routes';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Flex, Form, InputNumber, Row, Space } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { EMPTY_CELL, EnumCell } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { showFieldErrors } from '../../platform/list/formRules.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { useSubmit } from '../../platform/useSubmit.ts';
import {
  FlowFields,
  type FlowValues,
  PlanFields,
  type PlanValues,
  RemarkItem,
  textOrNull,
  timeText,
} from './planFlow.tsx';

type Order = RowOf<typeof produceOrderEntity>;

/** The form's values once it validated. */
export interface PlanAddValues extends FlowValues, PlanValues {
  produceOrderId: number;
  quantity: number;
  areaId: number;
  remark?: string;
}

const ORDERS = entityEndpoints(produceOrderEntity);
const PLANS = entityEndpoints(producePlanEntity);
/** Orders a plan may be added to: confirmed, neither finished nor cancelled. */
const PLANNABLE: readonly FilterItem[] = [
  { fieldName: 'confirmStatus', fieldType: 'integer', operator: 'eq', fieldValue: 1 },
  { fieldName: 'planStatus', fieldType: 'integer', operator: 'in', fieldValue: [0, 3, 1] },
];
const FIELDS = [
  'produceOrderId',
  'quantity',
  'planType',
  'areaId',
  'flowVersionId',
  'planStartTime',
  'planEndTime',
  'remark',
];
/** Quantities keep 6 decimals, as the server stores them. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** What of the order is still to plan: its quantity less what its plans took, never below 0. */
export const unplanned = (o: Pick<Order, 'quantity' | 'plannedQuantity'>): number =>
  Math.max(0, round6((o.quantity ?? 0) - (o.plannedQuantity ?? 0)));

const orderLabel = (o: Pick<Order, 'code' | 'materialsName'>) =>
  [o.code, o.materialsName].filter(Boolean).join(' ');

/** The plan as the entity's add call takes it. */
export function planAddBody(v: PlanAddValues): AddBody<typeof producePlanEntity> {
  return {
    produceOrderId: v.produceOrderId,
    quantity: v.quantity,
    planType: v.planType,
    areaId: v.areaId,
    ...(v.flowVersionId !== undefined ? { flowVersionId: v.flowVersionId } : {}),
    planStartTime: timeText(v.planStartTime),
    planEndTime: timeText(v.planEndTime),
    remark: textOrNull(v.remark),
  };
}

/** What the chosen order says about the plan: its product, quantity and what is planned already. */
function OrderFacts({ order }: { order: Order }) {
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} colon={false} style={{ marginBottom: 16 }}>
      <Descriptions.Item label="产品">
        {[order.materialsCode, order.materialsName].filter(Boolean).join(' ') || EMPTY_CELL}
      </Descriptions.Item>
      <Descriptions.Item label="规格型号">{order.materialsSpecifications ?? EMPTY_CELL}</Descriptions.Item>
      <Descriptions.Item label="交货日期">{order.deliveryTime ?? EMPTY_CELL}</Descriptions.Item>
      <Descriptions.Item label="订单数量">
        {formatNumber(order.quantity)} {order.unitName ?? ''}
      </Descriptions.Item>
      <Descriptions.Item label="已计划数量">{formatNumber(order.plannedQuantity)}</Descriptions.Item>
      <Descriptions.Item label="未计划数量">{formatNumber(unplanned(order))}</Descriptions.Item>
      <Descriptions.Item label="优先级">
        <EnumCell value={order.priority} enumDecl={priority} />
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * /plans/orders/plan-add?orderId=: a plan of a confirmed order: how much (what is left to plan by
 * default), on which version of the product's flow and which of the lines it allows, when. Back
 * to the order once saved.
 */
export default function PlanAdd() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const given = Number(params.get('orderId'));
  const fromOrder = Number.isInteger(given) && given > 0 ? given : undefined;
  const [form] = Form.useForm<PlanAddValues>();
  const { saving, run } = useSubmit();
  const orderId = Form.useWatch('produceOrderId', form);
  const chosen = typeof orderId === 'number' ? orderId : undefined;
  const order = useQuery({
    queryKey: [ORDERS.detail.path, chosen],
    queryFn: ({ signal }) => call(ORDERS.detail, { id: chosen ?? 0 }, { signal }),
    enabled: chosen !== undefined,
  });
  const o = chosen !== undefined && order.data?.id === chosen ? order.data : undefined;
  const left = o ? unplanned(o) : undefined;

  // a newly chosen order offers what is left of it
  useEffect(() => {
    if (o) form.setFieldValue('quantity', unplanned(o));
  }, [o, form]);

  const back = (id = chosen ?? fromOrder) =>
    navigate(id ? routeHref('orderDetail', { id }) : routeHref('orderList'));

  const submit = async (v: PlanAddValues) => {
    const add = PLANS.add;
    if (!add) return;
    await run(async () => {
      try {
        await call(add, planAddBody(v));
        message.success('新增成功');
        back(v.produceOrderId);
      } catch (err) {
        showFieldErrors(form, err, FIELDS);
        throw err;
      }
    });
  };

  return (
    <Form<PlanAddValues>
      form={form}
      name="planAdd"
      layout="vertical"
      initialValues={{ produceOrderId: fromOrder, planType: 0 }}
      onFinish={submit}
    >
      <Flex vertical gap={16} style={{ maxWidth: 960 }}>
        <Card variant="borderless" title="新增生产计划">
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item
                name="produceOrderId"
                label="订单"
                rules={[{ required: true, message: '请选择订单' }]}
                extra="只列出已确认、未完成的订单"
              >
                <RemoteSelect
                  endpoint={ORDERS.list}
                  labelField="code"
                  searchField="code"
                  optionLabel={orderLabel}
                  filters={PLANNABLE}
                  placeholder="请选择订单"
                  knownOptions={o ? [{ value: o.id, label: orderLabel(o) }] : undefined}
                />
              </Form.Item>
            </Col>
            <Col xs={24}>
              {o && <OrderFacts order={o} />}
              {left === 0 && (
                <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="该订单已全部计划" />
              )}
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="quantity"
                label="计划数量"
                rules={[
                  { required: true, message: '请输入计划数量' },
                  {
                    type: 'number',
                    min: 0.000001,
                    max: left,
                    message:
                      left === undefined ? '计划数量须大于0' : `计划数量须大于0且不超过未计划数量${left}`,
                  },
                ]}
              >
                <InputNumber
                  placeholder="请输入计划数量"
                  min={0}
                  max={left}
                  suffix={o?.unitName ?? undefined}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} />
            <FlowFields materialId={o?.materialsId ?? undefined} />
            <PlanFields />
            <RemarkItem />
          </Row>
        </Card>
        <Flex justify="flex-end">
          <Space>
            <Button onClick={() => back()} disabled={saving}>
              取消
            </Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
          </Space>
        </Flex>
      </Flex>
    </Form>
  );
}
