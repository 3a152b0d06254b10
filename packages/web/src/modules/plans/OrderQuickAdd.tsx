import type { BodyOf } from '@factory/shared/api/contract';
import { materialsApi } from '@factory/shared/api/materials';
import { producePlanApi } from '@factory/shared/api/producePlan';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { customerEntity } from '@factory/shared/entities/partner';
import { MAX_PRODUCE_QUANTITY } from '@factory/shared/entities/produceOrder';
import { orderSource, priority } from '@factory/shared/enums';
import { routeHref } from '@factory/shared/routes';
import { App, Button, Card, Col, DatePicker, Flex, Form, Input, InputNumber, Radio, Row, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../platform/call.ts';
import { showFieldErrors } from '../../platform/list/formRules.ts';
import { type MaterialRow, MaterialSelect, RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
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

type QuickBody = BodyOf<typeof producePlanApi.quickAdd>;

/** The form's values once it validated: what is required is there. */
export interface QuickValues extends FlowValues, PlanValues {
  code?: string;
  materialsId: number;
  quantity: number;
  deliveryTime: Dayjs;
  priority: number;
  customerId?: number | null;
  source: number;
  sourceCode?: string;
  remark?: string;
  areaId: number;
}

const CUSTOMERS = entityEndpoints(customerEntity).list;
const START: Partial<QuickValues> = { priority: 0, source: 0, planType: 0 };
/** The body's fields, where the server's field errors are shown. */
const FIELDS = [
  'code',
  'materialsId',
  'quantity',
  'deliveryTime',
  'priority',
  'customerId',
  'source',
  'sourceCode',
  'remark',
  'areaId',
  'flowVersionId',
  'planType',
  'planStartTime',
  'planEndTime',
];

/** The quick order as `addQuickOrder` takes it: texts trimmed, times on the factory's clock. */
export function quickOrderBody(v: QuickValues): QuickBody {
  return {
    code: textOrNull(v.code) ?? undefined,
    materialsId: v.materialsId,
    quantity: v.quantity,
    deliveryTime: timeText(v.deliveryTime) ?? '',
    priority: v.priority,
    customerId: v.customerId ?? null,
    source: v.source,
    sourceCode: textOrNull(v.sourceCode),
    remark: textOrNull(v.remark),
    areaId: v.areaId,
    ...(v.flowVersionId !== undefined ? { flowVersionId: v.flowVersionId } : {}),
    planType: v.planType,
    planStartTime: timeText(v.planStartTime),
    planEndTime: timeText(v.planEndTime),
  };
}

/**
 * /plans/orders/order-quick-add: an order and one plan for its whole quantity in one form; the
 * server confirms the order and plans it in one transaction. The line is chosen among those the
 * product's flow version allows.
 */
export default function OrderQuickAdd() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<QuickValues>();
  const { saving, run } = useSubmit();
  const [product, setProduct] = useState<MaterialRow>();
  const materialsId = Form.useWatch('materialsId', form);

  const submit = (v: QuickValues) =>
    run(async () => {
      try {
        const r = await call(producePlanApi.quickAdd, quickOrderBody(v));
        message.success('快速下单成功');
        navigate(routeHref('orderDetail', { id: r.orderId }));
      } catch (err) {
        showFieldErrors(form, err, FIELDS);
        throw err;
      }
    });

  return (
    <Form<QuickValues>
      form={form}
      name="orderQuickAdd"
      layout="vertical"
      initialValues={START}
      onFinish={submit}
    >
      <Flex vertical gap={16} style={{ maxWidth: 960 }}>
        <Card variant="borderless" title="快速下单 — 订单">
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item name="code" label="订单编号">
                <Input placeholder="留空则按编码规则自动生成" maxLength={32} allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="materialsId"
                label="产品"
                rules={[{ required: true, message: '请选择产品' }]}
                extra={
                  product
                    ? [product.specifications, product.mainUnitName && `单位：${product.mainUnitName}`]
                        .filter(Boolean)
                        .join('　')
                    : undefined
                }
              >
                <MaterialSelect
                  endpoint={materialsApi.finished}
                  placeholder="请选择产品"
                  onChange={(_v, option) => setProduct(Array.isArray(option) ? undefined : option?.row)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="quantity"
                label="订单数量"
                rules={[
                  { required: true, message: '请输入订单数量' },
                  {
                    type: 'number',
                    min: 0.000001,
                    max: MAX_PRODUCE_QUANTITY,
                    message: `订单数量应大于0且不超过${MAX_PRODUCE_QUANTITY}`,
                  },
                ]}
              >
                <InputNumber
                  placeholder="请输入订单数量"
                  min={0}
                  max={MAX_PRODUCE_QUANTITY}
                  suffix={product?.mainUnitName ?? undefined}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="deliveryTime"
                label="交货日期"
                rules={[{ required: true, message: '请选择交货日期' }]}
              >
                <DatePicker showTime placeholder="请选择交货日期" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="priority" label="优先级">
                <Radio.Group options={priority.options} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="customerId" label="客户">
                <RemoteSelect endpoint={CUSTOMERS} placeholder="请选择客户" allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="source" label="订单来源">
                <Radio.Group options={orderSource.options} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="sourceCode" label="来源单号">
                <Input placeholder="请输入来源单号" maxLength={50} allowClear />
              </Form.Item>
            </Col>
            <RemarkItem />
          </Row>
        </Card>
        <Card variant="borderless" title="生产计划（订单全部数量）">
          <Row gutter={24}>
            <FlowFields materialId={typeof materialsId === 'number' ? materialsId : undefined} />
            <PlanFields />
          </Row>
        </Card>
        <Flex justify="flex-end">
          <Space>
            <Button onClick={() => navigate(routeHref('orderList'))} disabled={saving}>
              取消
            </Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              提交
            </Button>
          </Space>
        </Flex>
      </Flex>
    </Form>
  );
}
