import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import type { BodyOf } from '@factory/shared/api/contract';
import { ErrorCode } from '@factory/shared/api/errors';
import { encryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { supplierEntity } from '@factory/shared/entities/partner';
import type { AddBody, DetailOf } from '@factory/shared/entities/schema';
import { stockDocEntity } from '@factory/shared/entities/stockDoc';
import { stockTypeEntity, warehouseAreaEntity, warehouseEntity } from '@factory/shared/entities/warehouse';
import { stockDocKind } from '@factory/shared/enums';
import { machineEndpoints } from '@factory/shared/machines/endpoints';
import { stockDocMachine } from '@factory/shared/machines/warehouse';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Flex, Form, Input, Radio, Result, Row, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '../../platform/call.ts';
import { LoadState } from '../../platform/LoadState.tsx';
import { DocumentTitle } from '../../platform/lines/DocumentTitle.tsx';
import { type DocLine, linesBody } from '../../platform/lines/declaredColumns.tsx';
import { LinesEditor } from '../../platform/lines/LinesEditor.tsx';
import { useDocumentLines } from '../../platform/lines/useDocumentLines.ts';
import { useDocumentToEdit } from '../../platform/lines/useDocumentToEdit.ts';
import { fieldRules, showFieldErrors } from '../../platform/list/formRules.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { ApiError } from '../../platform/request.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { ScanBox } from './StockDocScan.tsx';
import { fitLine, LINES, type StockDocKind, stockDocColumns } from './stockDocLines.tsx';
import { detailHref, isDraft, LIST_HREF, STOCK_DOCS } from './stockDocParts.tsx';

type Detail = DetailOf<typeof stockDocEntity>;
const F = stockDocEntity.fields;
const WAREHOUSES = entityEndpoints(warehouseEntity).list;
const AREAS = entityEndpoints(warehouseAreaEntity).list;
const STOCK_TYPES = entityEndpoints(stockTypeEntity).list;
const SUPPLIERS = entityEndpoints(supplierEntity).list;
const SUBMIT = machineEndpoints(stockDocMachine).actions.submit;

/** The head of a stock document as the form holds it. */
export interface StockDocHead {
  code?: string;
  kind: StockDocKind;
  stockTypeId?: number;
  warehouseId?: number;
  targetWarehouseId?: number;
  supplierId?: number;
  sourceNumber?: string;
  remark?: string;
}
/** The head's fields the server may name in a refusal. */
const HEAD_FIELDS = [
  'code',
  'kind',
  'stockTypeId',
  'warehouseId',
  'targetWarehouseId',
  'supplierId',
  'sourceNumber',
  'remark',
];

const text = (v: string | undefined) => v?.trim() || null;

/**
 * The document as the add call takes it (the update call with its id and version): what the kind
 * does not use sent empty, so a draft switched from 入库 to 调拨 keeps no stock type or supplier.
 */
export function stockDocBody(h: StockDocHead, lines: readonly DocLine[]): AddBody<typeof stockDocEntity> {
  if (h.warehouseId === undefined) throw new Error('stock document saved without a warehouse');
  return {
    code: text(h.code),
    kind: h.kind,
    stockTypeId: h.kind === 2 ? null : (h.stockTypeId ?? null),
    warehouseId: h.warehouseId,
    targetWarehouseId: h.kind === 2 ? (h.targetWarehouseId ?? null) : null,
    supplierId: h.kind === 0 ? (h.supplierId ?? null) : null,
    sourceNumber: text(h.sourceNumber),
    remark: text(h.remark),
    lines: linesBody(
      stockDocEntity,
      lines.map((l) => fitLine(l, h.kind)),
    ),
  };
}

/** The form's values of a stored document. */
export const headOf = (d: Detail): StockDocHead => ({
  code: d.code ?? undefined,
  kind: (d.kind ?? 0) as StockDocKind,
  stockTypeId: d.stockTypeId ?? undefined,
  warehouseId: d.warehouseId ?? undefined,
  targetWarehouseId: d.targetWarehouseId ?? undefined,
  supplierId: d.supplierId ?? undefined,
  sourceNumber: d.sourceNumber ?? undefined,
  remark: d.remark ?? undefined,
});

/** The areas of a warehouse (its locations are those of its areas); undefined while they load. */
function useAreas(warehouseId: number | undefined) {
  const query = useQuery({
    queryKey: [AREAS.path, 'ofWarehouse', warehouseId],
    queryFn: async ({ signal }) => {
      const filters = [
        { fieldName: 'warehouseId', fieldType: 'integer', operator: 'eq', fieldValue: warehouseId },
      ];
      const searchVal = await encryptText(JSON.stringify(filters));
      const page = await call(AREAS, { page: 1, limit: 100, searchVal }, { signal });
      return page.records.map((a) => a.id);
    },
    enabled: warehouseId !== undefined,
    staleTime: 60_000,
  });
  return warehouseId === undefined ? undefined : query.data;
}

const known = (id: number | null | undefined, name: string | null | undefined) =>
  typeof id === 'number' && name ? [{ value: id, label: name }] : undefined;

/** The head and lines of a new document, or of the draft `source`. */
function StockDocForm({ source }: { source?: Detail }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const can = usePermission();
  const [form] = Form.useForm<StockDocHead>();
  const [saving, setSaving] = useState<'draft' | 'submit'>();
  const kind = (Form.useWatch('kind', form) ?? source?.kind ?? 0) as StockDocKind;
  const warehouseId: number | undefined = Form.useWatch('warehouseId', form) ?? undefined;
  const targetWarehouseId: number | undefined = Form.useWatch('targetWarehouseId', form) ?? undefined;
  const areas = useAreas(warehouseId);
  const targetAreas = useAreas(kind === 2 ? targetWarehouseId : undefined);
  const columns = useMemo(
    () => stockDocColumns({ kind, warehouseId, targetWarehouseId, areas, targetAreas }),
    [kind, warehouseId, targetWarehouseId, areas, targetAreas],
  );
  const doc = useDocumentLines(LINES, columns);
  const { load, setLines } = doc;

  useEffect(() => {
    if (source) load(source.lines);
    else setLines([{}]);
  }, [source, load, setLines]);

  /** A head change the lines must follow: what no longer fits is cleared, and the user told. */
  const onValuesChange = (changed: Partial<StockDocHead>) => {
    if ('kind' in changed) {
      const k = changed.kind ?? 0;
      form.setFieldsValue({ stockTypeId: undefined });
      setLines((ls) => ls.map((l) => fitLine(l, k)));
    }
    if ('warehouseId' in changed) {
      const out = form.getFieldValue('kind') !== 0;
      const stale = (l: DocLine) => (l.locationId ?? undefined) !== undefined || (out && !!l.batchCode);
      if (doc.lines.some(stale)) {
        setLines(
          doc.lines.map((l) => {
            if (!stale(l)) return l;
            const { locationId: _l, locationName: _n, ...rest } = l;
            return out ? { ...rest, batchCode: undefined } : rest;
          }),
        );
        message.info(out ? '仓库已更换，明细中的库位与批次已清空' : '仓库已更换，明细中的库位已清空');
      }
    }
    if ('targetWarehouseId' in changed)
      setLines((ls) => ls.map(({ targetLocationId: _t, targetLocationName: _n, ...rest }) => rest));
  };

  const save = async (then: 'draft' | 'submit') => {
    const headOk = await form.validateFields().then(
      () => true,
      () => false,
    );
    const linesOk = doc.check();
    if (!headOk || !linesOk) return;
    const body = stockDocBody(form.getFieldsValue(true) as StockDocHead, doc.lines);
    setSaving(then);
    let saved: { id: number; version: number };
    try {
      saved = source
        ? await call(STOCK_DOCS.update as NonNullable<typeof STOCK_DOCS.update>, {
            id: source.id,
            version: source.version,
            ...body,
          })
        : await call(STOCK_DOCS.add as NonNullable<typeof STOCK_DOCS.add>, body);
    } catch (err) {
      // the request client said why; point at the fields and lines it names
      showFieldErrors(form, err, HEAD_FIELDS);
      doc.showServerErrors(err);
      setSaving(undefined);
      return;
    }
    if (then === 'submit') {
      try {
        // submitting asks no reason: the body is the id and the version (as useMachineActions sends it)
        await call(SUBMIT, { id: saved.id, version: saved.version } as BodyOf<typeof SUBMIT>);
        message.success('保存并提交成功');
      } catch (err) {
        // saved as a draft all the same: its page offers 提交 again
        if (!(err instanceof ApiError) || err.code !== ErrorCode.reload)
          message.warning('单据已保存为草稿，但未能提交');
      }
    } else message.success('保存成功');
    setSaving(undefined);
    navigate(detailHref(saved));
  };

  const initial: StockDocHead = source ? headOf(source) : { kind: 0 };
  const canSubmit = can(stockDocEntity.route, 'Submit');
  return (
    <Flex vertical gap={16}>
      <Card
        variant="borderless"
        title={<DocumentTitle label="出入库单" code={source ? source.code : undefined} />}
      >
        <Form<StockDocHead>
          form={form}
          name="stockDocHead"
          layout="vertical"
          initialValues={initial}
          onValuesChange={onValuesChange}
        >
          <Row gutter={24}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                name="kind"
                label={F.kind.label}
                rules={[{ required: true, message: '请选择单据类别' }]}
              >
                <Radio.Group options={stockDocKind.options} optionType="button" buttonStyle="solid" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="code" label={F.code.label} rules={fieldRules(F.code)}>
                <Input placeholder={F.code.placeholder} maxLength={F.code.maxLength} allowClear />
              </Form.Item>
            </Col>
            {kind !== 2 && (
              <Col xs={24} md={12} xl={8}>
                <Form.Item
                  name="stockTypeId"
                  label={F.stockTypeName.label}
                  rules={[{ required: true, message: '请选择出入库类型' }]}
                >
                  <RemoteSelect
                    key={kind}
                    endpoint={STOCK_TYPES}
                    filters={[
                      { fieldName: 'direction', fieldType: 'integer', operator: 'eq', fieldValue: kind },
                    ]}
                    placeholder="请选择出入库类型"
                    knownOptions={
                      source?.kind === kind ? known(source.stockTypeId, source.stockTypeName) : undefined
                    }
                  />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                name="warehouseId"
                label={kind === 2 ? '调出仓库' : F.warehouseName.label}
                rules={[{ required: true, message: kind === 2 ? '请选择调出仓库' : '请选择仓库' }]}
              >
                <RemoteSelect
                  endpoint={WAREHOUSES}
                  placeholder={kind === 2 ? '请选择调出仓库' : '请选择仓库'}
                  knownOptions={known(source?.warehouseId, source?.warehouseName)}
                />
              </Form.Item>
            </Col>
            {kind === 2 && (
              <Col xs={24} md={12} xl={8}>
                <Form.Item
                  name="targetWarehouseId"
                  label={F.targetWarehouseName.label}
                  rules={[{ required: true, message: '请选择调入仓库' }]}
                  extra="同一仓库内移库时选择同一仓库，并填写调入库位"
                >
                  <RemoteSelect
                    endpoint={WAREHOUSES}
                    placeholder="请选择调入仓库"
                    knownOptions={known(source?.targetWarehouseId, source?.targetWarehouseName)}
                  />
                </Form.Item>
              </Col>
            )}
            {kind === 0 && (
              <Col xs={24} md={12} xl={8}>
                <Form.Item name="supplierId" label={F.supplierName.label}>
                  <RemoteSelect
                    endpoint={SUPPLIERS}
                    placeholder="请选择供应商（选填）"
                    allowClear
                    knownOptions={known(source?.supplierId, source?.supplierName)}
                  />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="sourceNumber" label={F.sourceNumber.label} rules={fieldRules(F.sourceNumber)}>
                <Input
                  placeholder="如采购单号、领料单号（选填）"
                  maxLength={F.sourceNumber.maxLength}
                  allowClear
                />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="remark" label={F.remark.label} rules={fieldRules(F.remark)}>
                <Input.TextArea
                  placeholder="请输入备注"
                  maxLength={F.remark.maxLength}
                  showCount
                  autoSize={{ minRows: 2, maxRows: 4 }}
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
            可从Excel复制多行（物料编码、批次号、库位、数量…）粘贴到物料格
          </Typography.Text>
        }
      >
        <Flex vertical gap={12}>
          <ScanBox
            kind={kind}
            warehouseId={warehouseId}
            lines={doc.lines}
            onChange={setLines}
            editorId="stockDocLines"
          />
          <LinesEditor<DocLine>
            id="stockDocLines"
            {...doc.editor}
            newLine={() => ({})}
            addLabel="添加物料"
            emptyText="暂无物料，请添加"
          />
        </Flex>
      </Card>
      <Card
        variant="borderless"
        styles={{ body: { padding: '12px 24px' } }}
        style={{ position: 'sticky', bottom: 0, zIndex: 3, boxShadow: '0 -2px 8px rgba(16,24,40,0.06)' }}
      >
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Typography.Text type="secondary">共 {doc.lines.length} 行；审核过账后库存才会变动</Typography.Text>
          <Space>
            <Button onClick={() => navigate(source ? detailHref(source) : LIST_HREF)} disabled={!!saving}>
              取消
            </Button>
            <Button
              icon={<SaveOutlined />}
              loading={saving === 'draft'}
              disabled={saving === 'submit'}
              onClick={() => void save('draft')}
            >
              保存草稿
            </Button>
            {canSubmit && (
              <Button
                type="primary"
                icon={<SendOutlined />}
                loading={saving === 'submit'}
                disabled={saving === 'draft'}
                onClick={() => void save('submit')}
              >
                保存并提交
              </Button>
            )}
          </Space>
        </Flex>
      </Card>
    </Flex>
  );
}

/**
 * /warehouse/inventory-info/warehouse-operate: a new stock document (入库, 出库 or 调拨) with its
 * material lines, saved as a draft or submitted for approval; with `?id=` the draft to edit.
 */
export default function StockDocAdd() {
  const { id, detail } = useDocumentToEdit(STOCK_DOCS.detail.path, (id, signal) =>
    call(STOCK_DOCS.detail, { id }, { signal }),
  );
  if (id === undefined) return <StockDocForm key="new" />;
  if (!detail.data) return <LoadState query={detail} title="出入库单" />;
  const d = detail.data;
  if (!isDraft(d))
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title={`单据“${d.code ?? ''}”不是草稿，不能编辑`}
          subTitle="已提交的单据请先撤回；已过账的单据只能冲销"
          extra={<Link to={detailHref(d)}>查看单据</Link>}
        />
      </Card>
    );
  return <StockDocForm key={d.id} source={d} />;
}
