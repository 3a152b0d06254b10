import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { SparePartLine } from '@factory/shared/api/equipmentRepair';
import { sparePartApi } from '@factory/shared/api/sparePart';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { spareWarehouseRef } from '@factory/shared/entities/sparePart';
import { warehouseEntity } from '@factory/shared/entities/warehouse';
import { Button, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { MaterialSelect, RemoteSelect } from '../../platform/list/RemoteSelect.tsx';

const WAREHOUSES = entityEndpoints(warehouseEntity).list;
/** Parts are kept and issued only from the warehouses ticked 备件仓 (the server refuses the rest). */
export const SPARE_WAREHOUSES = spareWarehouseRef.ref.filters;
/** As many parts as a finish body takes. */
const MAX_PARTS = 50;

/** A part line as the editor holds it: the batch may be blank (first in, first out). */
export type PartDraft = Omit<SparePartLine, 'batchCode'> & { batchCode?: string | null };

/** The parts as the finish bodies take them: a blank batch is none. */
export const partsBody = (parts: readonly PartDraft[] | undefined): SparePartLine[] =>
  (parts ?? []).map((p) => ({ ...p, batchCode: p.batchCode?.trim() || null }));

/**
 * Lines of spare parts in a form, under `name`: each a registered spare part, the 备件仓 it leaves
 * (unless the form names one warehouse for all), optionally a batch and the quantity. By default
 * 更换备件 inside a finish form (维修完工, 保养完工): the parts leave stock as the source's 备件领用
 * when the form is saved; short stock refuses it with what is available.
 */
export function SparePartsEditor({
  name = 'parts',
  title = '更换备件',
  withWarehouse = true,
  batchPlaceholder = '批次（不填先进先出）',
  min = 0,
  max = MAX_PARTS,
}: {
  name?: string;
  title?: string;
  /** Each line names its 备件仓; false: the form has one for all its lines. */
  withWarehouse?: boolean;
  batchPlaceholder?: string;
  /** Fewest lines: the last ones cannot be removed. */
  min?: number;
  max?: number;
}) {
  return (
    <>
      <Typography.Text strong>{title}</Typography.Text>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <Flex vertical gap={8} style={{ margin: '8px 0 16px' }}>
            {fields.map((field, i) => (
              <Flex key={field.key} gap={8} align="start">
                <Form.Item
                  name={[field.name, 'materialsId']}
                  rules={[{ required: true, message: '请选择备件' }]}
                  style={{ flex: 3, marginBottom: 0 }}
                >
                  <MaterialSelect
                    endpoint={sparePartApi.materials}
                    placeholder="备件（物料）"
                    aria-label={`第${i + 1}行备件`}
                  />
                </Form.Item>
                {withWarehouse && (
                  <Form.Item
                    name={[field.name, 'warehouseId']}
                    rules={[{ required: true, message: '请选择仓库' }]}
                    style={{ flex: 2, marginBottom: 0 }}
                  >
                    <RemoteSelect
                      endpoint={WAREHOUSES}
                      filters={SPARE_WAREHOUSES}
                      placeholder="出库仓库"
                      aria-label={`第${i + 1}行仓库`}
                    />
                  </Form.Item>
                )}
                <Form.Item name={[field.name, 'batchCode']} style={{ flex: 2, marginBottom: 0 }}>
                  <Input maxLength={64} placeholder={batchPlaceholder} aria-label={`第${i + 1}行批次`} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'quantity']}
                  rules={[{ required: true, message: '请输入数量' }]}
                  style={{ flex: 1, marginBottom: 0 }}
                >
                  <InputNumber
                    min={0.000001}
                    max={100_000_000}
                    placeholder="数量"
                    aria-label={`第${i + 1}行数量`}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  aria-label="删除该备件"
                  icon={<DeleteOutlined />}
                  disabled={fields.length <= min}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add()}
              disabled={fields.length >= max}
            >
              添加备件
            </Button>
          </Flex>
        )}
      </Form.List>
    </>
  );
}
