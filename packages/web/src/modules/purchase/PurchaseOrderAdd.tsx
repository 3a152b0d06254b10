import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { supplierEntity } from '@factory/shared/entities/partner';
import { purchaseOrderEntity } from '@factory/shared/entities/purchase';
import type { AddBody } from '@factory/shared/entities/schema';
import { userEntity } from '@factory/shared/entities/user';
import { Col, Form, Input } from 'antd';
import { type DocLine, linesBody } from '../../platform/lines/declaredColumns.tsx';
import { knownOption, OrderAddPage, type OrderFormSpec } from '../../platform/lines/OrderForm.tsx';
import { fieldRules } from '../../platform/list/formRules.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { detailHref, isDraft, LIST_HREF, type PurchaseOrderDetail } from './purchaseParts.ts';

const F = purchaseOrderEntity.fields;
const SUPPLIERS = entityEndpoints(supplierEntity).list;
const USERS = entityEndpoints(userEntity).list;

/** The head of a purchase order as the form holds it. */
export interface PurchaseOrderHead {
  code?: string;
  supplierId?: number;
  buyerId?: number;
  remark?: string;
}

const text = (v: string | undefined) => v?.trim() || null;

/** The order as the add call takes it (the update call with its id and version). */
export function purchaseOrderBody(
  h: PurchaseOrderHead,
  lines: readonly DocLine[],
): AddBody<typeof purchaseOrderEntity> {
  if (h.supplierId === undefined) throw new Error('purchase order saved without a supplier');
  return {
    code: text(h.code),
    supplierId: h.supplierId,
    buyerId: h.buyerId ?? null,
    remark: text(h.remark),
    lines: linesBody(purchaseOrderEntity, lines),
  };
}

const headOf = (d: PurchaseOrderDetail): PurchaseOrderHead => {
  return {
    code: d.code ?? undefined,
    supplierId: d.supplierId ?? undefined,
    buyerId: d.buyerId ?? undefined,
    remark: d.remark ?? undefined,
  };
};

function head(order: PurchaseOrderDetail | undefined) {
  const source = order;
  return (
    <>
      <Col xs={24} md={12} xl={8}>
        <Form.Item name="code" label={F.code.label} rules={fieldRules(F.code)}>
          <Input placeholder={F.code.placeholder} maxLength={F.code.maxLength} allowClear />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Form.Item
          name="supplierId"
          label={F.supplierName.label}
          rules={[{ required: true, message: '请选择供应商' }]}
        >
          <RemoteSelect
            endpoint={SUPPLIERS}
            placeholder="请选择供应商"
            knownOptions={knownOption(source?.supplierId, source?.supplierName)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Form.Item name="buyerId" label={F.buyerName.label}>
          <RemoteSelect
            endpoint={USERS}
            placeholder="请选择采购员（选填）"
            allowClear
            knownOptions={knownOption(source?.buyerId, source?.buyerName)}
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
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

const SPEC: OrderFormSpec<typeof purchaseOrderEntity, PurchaseOrderHead> = {
  entity: purchaseOrderEntity,
  head,
  headOf,
  headFields: ['code', 'supplierId', 'buyerId', 'remark'],
  body: purchaseOrderBody,
  // what came and which request a line was ordered from are the detail page's
  columns: { receivedQuantity: false, requestCode: false },
  newLine: () => ({ taxRate: 13 }),
  footerNote: '确认后即可按订单收货',
  isDraft,
  detailHref,
  listHref: LIST_HREF,
};

/** /purchase/purchase-order-add: a new (unconfirmed) purchase order with its material lines; with `?id=` one to edit. */
export default function PurchaseOrderAdd() {
  return <OrderAddPage {...SPEC} />;
}
