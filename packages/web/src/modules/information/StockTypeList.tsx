import type { RowOf } from '@factory/shared/entities/schema';
import { bookAsTypes, stockTypeEntity } from '@factory/shared/entities/warehouse';
import { Col, Form, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { EnumCell } from '../../platform/list/columns.tsx';
import type { ColumnOverride } from '../../platform/list/types.ts';

type StockType = RowOf<typeof stockTypeEntity>;

/** 记账类型: the inbound types for 入库, the outbound types for 出库. */
function BookAsItem() {
  const form = Form.useFormInstance();
  const direction = Form.useWatch('direction', form);
  // the user switched the direction (a loaded or reset form is untouched): choose again
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the direction changes
  useEffect(() => {
    if (form.isFieldTouched('direction')) form.setFieldValue('bookAs', undefined);
  }, [direction, form]);
  return (
    <Col xs={24} md={12}>
      <Form.Item
        name="bookAs"
        label="记账类型"
        rules={[{ required: true, message: '请选择记账类型' }]}
        extra="库存流水按此类型统计"
      >
        <Select placeholder="请选择记账类型" options={bookAsTypes(direction).options} />
      </Form.Item>
    </Col>
  );
}

/** /information/warehouse-info/spare-part-set: the tenant's stock-in and stock-out types. */
export default function StockTypeList() {
  const columns = useMemo<Partial<Record<string, ColumnOverride<StockType>>>>(
    () => ({
      bookAs: { align: 'left', render: (v, r) => <EnumCell value={v} enumDecl={bookAsTypes(r.direction)} /> },
    }),
    [],
  );
  return (
    <CrudPage
      entity={stockTypeEntity}
      columns={columns}
      formItems={() => <BookAsItem />}
      formValues={(r) => ({ bookAs: r.bookAs })}
    />
  );
}
