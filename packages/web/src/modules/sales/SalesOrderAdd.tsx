import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { customerEntity } from '@factory/shared/entities/partner';
import { salesOrderEntity } from '@factory/shared/entities/salesOrder';
import type { AddBody, DetailOf } from '@factory/shared/entities/schema';
import { userEntity } from '@factory/shared/entities/user';
import { Col, Form, Input } from 'antd';
import { type DocLine, linesBody } from '../../platform/lines/declaredColumns.tsx';
import { knownOption, OrderAddPage, type OrderFormSpec } from '../../platform/lines/OrderForm.tsx';
import { fieldRules } from '../../platform/list/formRules.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { detailHref, isDraft, LIST_HREF } from './salesParts.ts';

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

function head(source: Detail | undefined) {
  return (
    <>
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
            knownOptions={knownOption(source?.customerId, source?.customerName)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Form.Item name="salesmanId" label={F.salesmanName.label}>
          <RemoteSelect
            endpoint={USERS}
            placeholder="请选择业务员（选填）"
            allowClear
            knownOptions={knownOption(source?.salesmanId, source?.salesmanName)}
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
    </>
  );
}

const SPEC: OrderFormSpec<typeof salesOrderEntity, SalesOrderHead> = {
  entity: salesOrderEntity,
  head,
  headOf,
  headFields: ['code', 'customerId', 'salesmanId', 'deliveryAddress', 'remark'],
  body: salesOrderBody,
  // the lines' progress is the detail page's
  columns: { linkedProduceQuantity: false, producedQuantity: false, shippedQuantity: false },
  newLine: () => ({ taxRate: 13 }),
  footerNote: '确认后将为库存不足的数量生成生产订单',
  isDraft,
  detailHref,
  listHref: LIST_HREF,
};

/** /sales/sales-order-add: a new (unconfirmed) sales order with its product lines; with `?id=` one to edit. */
export default function SalesOrderAdd() {
  return <OrderAddPage {...SPEC} />;
}
