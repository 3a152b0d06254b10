import type { FilterItem } from '@factory/shared/api/list';
import { encryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { MAX_STOCK_QUANTITY } from '@factory/shared/entities/stockDoc';
import { warehouseAreaEntity, warehouseLocationEntity } from '@factory/shared/entities/warehouse';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Form, Input, InputNumber, Row } from 'antd';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { MaterialSelect, RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { useSubmit } from '../../platform/useSubmit.ts';
import type { CountEntryLine, StockCount } from './stockCountParts.ts';

const AREAS = entityEndpoints(warehouseAreaEntity).list;
const LOCATIONS = entityEndpoints(warehouseLocationEntity).list;

interface Found {
  materialsId?: number;
  locationId?: number | null;
  batchCode?: string;
  countedQuantity?: number;
  remark?: string;
}

/** The areas of the sheet's scope: its own area, or every area of its warehouse; undefined while they load. */
function useScopeAreas(count: Pick<StockCount, 'warehouseId' | 'warehouseAreaId'>, enabled: boolean) {
  const area = count.warehouseAreaId ?? undefined;
  const query = useQuery({
    queryKey: [AREAS.path, 'ofWarehouse', count.warehouseId],
    queryFn: async ({ signal }) => {
      const filters: FilterItem[] = [
        { fieldName: 'warehouseId', fieldType: 'integer', operator: 'eq', fieldValue: count.warehouseId },
      ];
      const searchVal = await encryptText(JSON.stringify(filters));
      const page = await call(AREAS, { page: 1, limit: 100, searchVal }, { signal });
      return page.records.map((a) => a.id);
    },
    enabled: enabled && area === undefined && typeof count.warehouseId === 'number',
    staleTime: 60_000,
  });
  return area !== undefined ? [area] : query.data;
}

/** A found line as saveCounts takes it: no id, book 0, what was counted there. */
export function foundLine(v: Found): CountEntryLine {
  return {
    materialsId: v.materialsId,
    locationId: v.locationId ?? null,
    batchCode: v.batchCode?.trim() || null,
    countedQuantity: v.countedQuantity ?? null,
    remark: v.remark?.trim() || null,
  };
}

/**
 * 添加账外库存: stock the book did not have, found while counting — a material at a location of
 * the sheet's scope (required when one area is counted), in a batch or none, and how much. It is
 * saved as a new line with book 0, with the entries not yet saved.
 */
export function FoundStockModal({
  open,
  count,
  onClose,
  onAdd,
}: {
  open: boolean;
  count: StockCount;
  onClose(): void;
  /** Saves the line; a rejection keeps the dialog open (the request client has said why). */
  onAdd(line: CountEntryLine): Promise<void>;
}) {
  const [form] = Form.useForm<Found>();
  const { saving, run } = useSubmit();
  const areas = useScopeAreas(count, open);
  const areaScoped = typeof count.warehouseAreaId === 'number';
  const locationFilters: FilterItem[] | undefined = areas
    ? [{ fieldName: 'warehouseAreaId', fieldType: 'integer', operator: 'in', fieldValue: [...areas] }]
    : undefined;
  const scope = `${count.warehouseName ?? ''}${count.warehouseAreaName ? `/${count.warehouseAreaName}` : ''}`;

  // a refusal leaves what was typed for another try
  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return; // the form says what is missing
    await run(async () => {
      await onAdd(foundLine(v));
      form.resetFields();
    });
  };

  return (
    <AppModal
      open={open}
      title="添加账外库存"
      width={640}
      okText="添加"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`盘点范围“${scope}”中发现、账面上没有的库存：作为账面数量为 0 的一行加入，审核过账时按盘盈入库。`}
      />
      <Form form={form} name="foundStock" layout="vertical">
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="materialsId" label="物料" rules={[{ required: true, message: '请选择物料' }]}>
              <MaterialSelect placeholder="请选择物料" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="locationId"
              label="库位"
              rules={areaScoped ? [{ required: true, message: '请选择库位' }] : []}
            >
              <RemoteSelect
                endpoint={LOCATIONS}
                labelField="code"
                searchField="code"
                filters={locationFilters}
                disabled={!locationFilters}
                placeholder={
                  !locationFilters ? '正在加载库位…' : areaScoped ? '请选择库位' : '不选则不指定库位'
                }
                allowClear
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="batchCode" label="批次号">
              <Input placeholder="无批次可不填" maxLength={64} allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="countedQuantity"
              label="实盘数量"
              rules={[
                { required: true, message: '请输入实盘数量' },
                {
                  validator: (_r, value: number | undefined) =>
                    value === undefined || value === null || value > 0
                      ? Promise.resolve()
                      : Promise.reject(new Error('实盘数量须大于0')),
                },
              ]}
            >
              <InputNumber
                min={0}
                max={MAX_STOCK_QUANTITY}
                placeholder="请输入实盘数量"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="remark" label="备注">
              <Input placeholder="如：货架后发现" maxLength={200} allowClear />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </AppModal>
  );
}
