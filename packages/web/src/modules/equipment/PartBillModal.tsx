import { type PartBillAdd, sparePartStockApi } from '@factory/shared/api/sparePartStock';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { spareWarehouseRef } from '@factory/shared/entities/sparePart';
import { stockDocEntity } from '@factory/shared/entities/stockDoc';
import { stockTypeEntity, warehouseEntity } from '@factory/shared/entities/warehouse';
import { App, Flex, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { call } from '../../platform/call.ts';
import { showFieldErrors } from '../../platform/list/formRules.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { SparePartsEditor } from './SparePartsEditor.tsx';

const WAREHOUSES = entityEndpoints(warehouseEntity).list;
const STOCK_TYPES = entityEndpoints(stockTypeEntity).list;
const MAX_LINES = stockDocEntity.lines.max;

type Values = Omit<PartBillAdd, 'lines'> & { lines?: Partial<PartBillAdd['lines'][number]>[] };

/**
 * 新增备件出入库 (备件入库 / 备件出库): a stock type of the direction, one 备件仓 and the registered
 * spare parts with their quantities (a batch optional: an out without one takes first in, first
 * out). Posted at once on 确定: the stock moves, or nothing is written (stock short, a part not
 * registered) and the server's words are shown.
 */
export function PartBillModal({ open, onClose, onDone }: { open: boolean; onClose(): void; onDone(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch('kind', form) ?? 0;
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const made = await call(sparePartStockApi.add, {
        kind: v.kind,
        stockTypeId: v.stockTypeId,
        warehouseId: v.warehouseId,
        remark: v.remark?.trim() || null,
        lines: (v.lines ?? []).map((l) => ({
          materialsId: Number(l.materialsId),
          batchCode: l.batchCode?.trim() || null,
          quantity: Number(l.quantity),
        })),
      });
      message.success(`${kind === 0 ? '备件入库' : '备件出库'}单 ${made.code} 已过账`);
      form.resetFields();
      onDone();
    } catch (e) {
      // the request client has said why; a field it names is marked too
      showFieldErrors(form, e, ['stockTypeId', 'warehouseId']);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title="新增备件出入库"
      width={760}
      okText="确定过账"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: 0, lines: [{}] }}
        onValuesChange={(changed) => {
          // a type of the other direction no longer fits
          if ('kind' in changed) form.setFieldValue('stockTypeId', undefined);
        }}
      >
        <Flex gap={16}>
          <Form.Item name="kind" label="类别" style={{ flex: 1 }}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 0, label: '备件入库' },
                { value: 1, label: '备件出库' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="stockTypeId"
            label="出入库类型"
            rules={[{ required: true, message: '请选择出入库类型' }]}
            style={{ flex: 1 }}
          >
            <RemoteSelect
              key={kind}
              endpoint={STOCK_TYPES}
              filters={[{ fieldName: 'direction', fieldType: 'integer', operator: 'eq', fieldValue: kind }]}
              placeholder="请选择出入库类型"
            />
          </Form.Item>
          <Form.Item
            name="warehouseId"
            label="备件仓"
            rules={[{ required: true, message: '请选择备件仓' }]}
            style={{ flex: 1 }}
          >
            <RemoteSelect
              endpoint={WAREHOUSES}
              filters={spareWarehouseRef.ref.filters}
              placeholder="请选择备件仓"
            />
          </Form.Item>
        </Flex>
        <SparePartsEditor
          name="lines"
          title="备件明细"
          withWarehouse={false}
          batchPlaceholder={kind === 0 ? '批次（不填自动编号）' : '批次（不填先进先出）'}
          min={1}
          max={MAX_LINES}
        />
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
