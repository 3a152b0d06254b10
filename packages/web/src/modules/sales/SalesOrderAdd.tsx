import { SaveOutlined } from '@ant-design/icons';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { customerEntity } from '@factory/shared/entities/partner';
import { lineAmount, salesOrderEntity } from '@factory/shared/entities/salesOrder';
import type { AddBody, DetailOf } from '@factory/shared/entities/schema';
import { userEntity } from '@factory/shared/entities/user';
import { App, Button, Card, Col, Flex, Form, Input, Result, Row, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '../../platform/call.ts';
import { LoadState } from '../../platform/LoadState.tsx';
import { type DocLine, declaredLineColumns, linesBody } from '../../platform/lines/declaredColumns.tsx';
import { LinesEditor } from '../../platform/lines/LinesEditor.tsx';
import { useDocumentLines } from '../../platform/lines/useDocumentLines.ts';
import { useDocumentToEdit } from '../../platform/lines/useDocumentToEdit.ts';
import { formatNumber } from '../../platform/list/format.ts';
import { fieldRules, showFieldErrors } from '../../platform/list/formRules.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { detailHref, isDraft, LINES, LIST_HREF, SALES_ORDERS } from './salesParts.ts';

type Detail = DetailOf<typeof salesOrderEntity>;
const F = salesOrderEntity.fields;
const CUSTOMERS = entityEndpoints(customerEntity).list;
const USERS = entityEndpoints(userEntity).list;

/** The head of a sales order as the form holds it. */
export interface SalesOrderHead {
  code?: string;
  customerId?: number;
  salesmanId?: number;
  deliveryAddress?: string;
  remark?: string;
}
const HEAD_FIELDS = ['code', 'customerId', 'salesmanId', 'deliveryAddress', 'remark'];

const text = (v: string | undefined) => v?.trim() || null;

/** The order as the add call takes it (the update call with its id and version). */
export function salesOrderBody(
  h: SalesOrderHead,
  lines: readonly DocLine[],
): AddBody<typeof salesOrderEntity> {
  if (h.customerId === undefined) throw new Error('sales order saved without a customer');
  return {
    code: text(h.code),
    customerId: h.customerId,
    salesmanId: h.salesmanId ?? null,
    deliveryAddress: text(h.deliveryAddress),
    remark: text(h.remark),
    lines: linesBody(salesOrderEntity, lines),
  };
}

const headOf = (d: Detail): SalesOrderHead => ({
  code: d.code ?? undefined,
  customerId: d.customerId ?? undefined,
  salesmanId: d.salesmanId ?? undefined,
  deliveryAddress: d.deliveryAddress ?? undefined,
  remark: d.remark ?? undefined,
});

const known = (id: number | null | undefined, name: string | null | undefined) =>
  typeof id === 'number' && name ? [{ value: id, label: name }] : undefined;

/** What a line comes to as it is typed: quantity × price, 2 decimals half-up (the server's rule). */
const amountOf = (l: DocLine) =>
  lineAmount(
    typeof l.quantity === 'number' ? l.quantity : 0,
    typeof l.unitPrice === 'number' ? l.unitPrice : 0,
  );

function SalesOrderForm({ source }: { source?: Detail }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<SalesOrderHead>();
  const [saving, setSaving] = useState(false);
  const columns = useMemo(
    () =>
      declaredLineColumns<DocLine>(LINES, {
        columns: {
          materialsId: { width: 220 },
          materialsIdType: false,
          quantity: { width: 110 },
          unitPrice: { width: 120 },
          taxRate: { width: 90 },
          amount: {
            width: 110,
            editor: {
              kind: 'view',
              render: (l) => (
                <span style={{ display: 'inline-block', paddingTop: 5 }}>{formatNumber(amountOf(l))}</span>
              ),
            },
          },
          linkedProduceQuantity: false,
          producedQuantity: false,
          shippedQuantity: false,
          remark: { width: 140 },
        },
      }),
    [],
  );
  const doc = useDocumentLines(LINES, columns);
  const { load, setLines } = doc;
  useEffect(() => {
    if (source) load(source.lines);
    else setLines([{ taxRate: 13 }]);
  }, [source, load, setLines]);

  const save = async () => {
    const headOk = await form.validateFields().then(
      () => true,
      () => false,
    );
    const linesOk = doc.check();
    if (!headOk || !linesOk) return;
    const body = salesOrderBody(form.getFieldsValue(true) as SalesOrderHead, doc.lines);
    setSaving(true);
    try {
      const saved = source
        ? await call(SALES_ORDERS.update as NonNullable<typeof SALES_ORDERS.update>, {
            id: source.id,
            version: source.version,
            ...body,
          })
        : await call(SALES_ORDERS.add as NonNullable<typeof SALES_ORDERS.add>, body);
      message.success('保存成功');
      navigate(detailHref(saved));
    } catch (err) {
      showFieldErrors(form, err, HEAD_FIELDS);
      doc.showServerErrors(err);
    } finally {
      setSaving(false);
    }
  };

  const total = doc.lines.reduce((n, l) => n + amountOf(l), 0);
  return (
    <Flex vertical gap={16}>
      <Card
        variant="borderless"
        title={
          source ? (
            <Space size={8}>
              编辑销售订单
              <Typography.Text type="secondary">{source.code}</Typography.Text>
            </Space>
          ) : (
            '新增销售订单'
          )
        }
      >
        <Form<SalesOrderHead>
          form={form}
          name="salesOrderHead"
          layout="vertical"
          initialValues={source ? headOf(source) : {}}
        >
          <Row gutter={24}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="code" label={F.code.label} rules={fieldRules(F.code)}>
                <Input placeholder={F.code.placeholder} maxLength={F.code.maxLength} allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                name="customerId"
                label={F.customerName.label}
                rules={[{ required: true, message: '请选择客户' }]}
              >
                <RemoteSelect
                  endpoint={CUSTOMERS}
                  placeholder="请选择客户"
                  knownOptions={known(source?.customerId, source?.customerName)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="salesmanId" label={F.salesmanName.label}>
                <RemoteSelect
                  endpoint={USERS}
                  placeholder="请选择业务员（选填）"
                  allowClear
                  knownOptions={known(source?.salesmanId, source?.salesmanName)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                name="deliveryAddress"
                label={F.deliveryAddress.label}
                rules={fieldRules(F.deliveryAddress)}
              >
                <Input
                  placeholder="如 客户变电站名称、收货地址（选填）"
                  maxLength={F.deliveryAddress.maxLength}
                  allowClear
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={24} xl={16}>
              <Form.Item name="remark" label={F.remark.label} rules={fieldRules(F.remark)}>
                <Input.TextArea
                  placeholder="请输入备注"
                  maxLength={F.remark.maxLength}
                  autoSize={{ minRows: 1, maxRows: 4 }}
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card
        variant="borderless"
        title={LINES.label}
        extra={
          <Typography.Text type="secondary">
            可从Excel复制多行（产品编码、数量、单价…）粘贴到产品格
          </Typography.Text>
        }
      >
        <LinesEditor<DocLine>
          id="salesOrderLines"
          {...doc.editor}
          newLine={() => ({ taxRate: 13 })}
          addLabel="添加产品"
          emptyText="暂无产品，请添加"
        />
      </Card>
      <Card
        variant="borderless"
        styles={{ body: { padding: '12px 24px' } }}
        style={{ position: 'sticky', bottom: 0, zIndex: 3, boxShadow: '0 -2px 8px rgba(16,24,40,0.06)' }}
      >
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Typography.Text type="secondary">
            共 {doc.lines.length} 行，含税金额合计 {formatNumber(Math.round(total * 100) / 100)}{' '}
            元；确认后将为库存不足的数量生成生产订单
          </Typography.Text>
          <Space>
            <Button onClick={() => navigate(source ? detailHref(source) : LIST_HREF)} disabled={saving}>
              取消
            </Button>
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
              保存
            </Button>
          </Space>
        </Flex>
      </Card>
    </Flex>
  );
}

/** /sales/sales-order-add: a new (unconfirmed) sales order with its product lines; with `?id=` one to edit. */
export default function SalesOrderAdd() {
  const { id, detail } = useDocumentToEdit(SALES_ORDERS.detail.path, (id, signal) =>
    call(SALES_ORDERS.detail, { id }, { signal }),
  );
  if (id === undefined) return <SalesOrderForm key="new" />;
  if (!detail.data) return <LoadState query={detail} title="销售订单" />;
  const d = detail.data;
  if (!isDraft(d))
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title={`销售订单“${d.code ?? ''}”已确认，不能编辑`}
          subTitle="请先取消确认"
          extra={<Link to={detailHref(d)}>查看订单</Link>}
        />
      </Card>
    );
  return <SalesOrderForm key={d.id} source={d} />;
}
