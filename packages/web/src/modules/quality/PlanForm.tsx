import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { procedureEntity } from '@factory/shared/entities/information';
import { materialsClassEntity, materialsEntity } from '@factory/shared/entities/materials';
import { supplierEntity } from '@factory/shared/entities/partner';
import {
  aqlLabel,
  FIRST_ARTICLE_INSPECTION,
  INCOMING_INSPECTION,
  inspectionItemEntity,
  PLAN_AQL_VALUES,
  PROCESS_INSPECTION_TYPES,
  qualityInspectionPlanEntity,
  qualityTypeOf,
} from '@factory/shared/entities/quality';
import type { AddBody, DetailOf, RowOf } from '@factory/shared/entities/schema';
import { inspectionType, qualityType, samplingMode } from '@factory/shared/enums';
import { App, Button, Col, Flex, Form, Input, InputNumber, Radio, Row, Select, Tag } from 'antd';
import { type ComponentProps, useEffect, useMemo } from 'react';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { type DocLine, declaredLineColumns, linesBody } from '../../platform/lines/declaredColumns.tsx';
import { LinesEditor } from '../../platform/lines/LinesEditor.tsx';
import type { LineColumn } from '../../platform/lines/lines.ts';
import { lookupRow } from '../../platform/lines/materialColumns.tsx';
import { useDocumentLines } from '../../platform/lines/useDocumentLines.ts';
import { fieldRules, showFieldErrors } from '../../platform/list/formRules.ts';
import { knownOptions, materialLabel, RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { useSubmit } from '../../platform/useSubmit.ts';

export const PLANS = entityEndpoints(qualityInspectionPlanEntity);
export type Plan = RowOf<typeof qualityInspectionPlanEntity>;
export type PlanDetail = DetailOf<typeof qualityInspectionPlanEntity>;
type Item = RowOf<typeof inspectionItemEntity>;

const F = qualityInspectionPlanEntity.fields;
const LINES = qualityInspectionPlanEntity.lines;
const ITEMS = entityEndpoints(inspectionItemEntity).list;
const ITEM_FILTERS = LINES.fields.itemName.ref.filters;
/** The head's fields the server may name in a refusal. */
const HEAD_FIELDS = [
  'name',
  'inspectionType',
  'materialsIds',
  'materialClassIds',
  'procedureIds',
  'supplierIds',
  'samplingMode',
  'sampleSize',
  'samplePercent',
  'aql',
  'firstArticleQty',
  'remark',
];
const AQL_OPTIONS = PLAN_AQL_VALUES.map((v) => ({ value: v, label: aqlLabel(v) }));

interface Head {
  name?: string;
  inspectionType?: number;
  materialsIds?: number[];
  materialClassIds?: number[];
  procedureIds?: number[];
  supplierIds?: number[];
  samplingMode?: number;
  sampleSize?: number | null;
  samplePercent?: number | null;
  aql?: number | null;
  firstArticleQty?: number | null;
  remark?: string;
}

/** One of a plan's scopes (materials, classes, procedures, suppliers): a multiple pick of its list. */
function ScopePicker({
  name,
  label,
  extra,
  endpoint,
  optionLabel,
  known,
}: {
  name: string;
  label: string;
  extra?: string;
  endpoint: ComponentProps<typeof RemoteSelect>['endpoint'];
  optionLabel?: ComponentProps<typeof RemoteSelect>['optionLabel'];
  known: { value: number; label: string }[];
}) {
  return (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={label} extra={extra}>
        <RemoteSelect
          endpoint={endpoint}
          mode="multiple"
          allowClear
          optionLabel={optionLabel}
          placeholder={`请选择${label.replace(/^适用/, '')}`}
          knownOptions={known}
        />
      </Form.Item>
    </Col>
  );
}

/** What a line takes from the item picked: its code, class, kind, unit, and its values to start from. */
const fromItem = (r: Item): DocLine => ({
  itemName: r.name,
  itemCode: r.code,
  category: r.category,
  valueType: r.valueType,
  unit: r.unit,
  standardValue: r.standardValue ?? undefined,
  lowerLimit: r.lowerLimit ?? undefined,
  upperLimit: r.upperLimit ?? undefined,
});

/** The item column: an enabled item by code or name; picking one fills the line's values from it. */
const ITEM_COLUMN: Partial<LineColumn<DocLine>> = {
  editor: {
    kind: 'custom',
    render: ({ id, value, line, index, disabled, status, set }) => (
      <RemoteSelect
        id={id}
        endpoint={ITEMS}
        filters={ITEM_FILTERS}
        optionLabel={(r) => `${r.code ?? ''} ${r.name ?? ''}`}
        value={typeof value === 'number' ? value : undefined}
        placeholder="请选择检验项目"
        disabled={disabled}
        status={status}
        style={{ width: '100%' }}
        aria-label={`第${index + 1}行检验项目`}
        knownOptions={
          typeof value === 'number' && line.itemName ? [{ value, label: String(line.itemName) }] : undefined
        }
        onChange={(v, option) => {
          const row = Array.isArray(option) ? undefined : option?.row;
          set(v as number | undefined, row ? fromItem(row) : undefined);
        }}
      />
    ),
    paste: async (text) => {
      const row = await lookupRow(ITEMS, text, ITEM_FILTERS).catch(() => undefined);
      return row ? { value: row.id, patch: fromItem(row) } : { error: `没有编码或名称为“${text}”的检验项目` };
    },
  },
};

/** The plan as the add call takes it (the update call with its id). */
function planBody(h: Head, lines: readonly DocLine[]): AddBody<typeof qualityInspectionPlanEntity> {
  const type = h.inspectionType ?? 0;
  return {
    name: (h.name ?? '').trim(),
    inspectionType: type as AddBody<typeof qualityInspectionPlanEntity>['inspectionType'],
    materialsIds: h.materialsIds ?? [],
    materialClassIds: h.materialClassIds ?? [],
    procedureIds: PROCESS_INSPECTION_TYPES.includes(type) ? (h.procedureIds ?? []) : [],
    supplierIds: type === INCOMING_INSPECTION ? (h.supplierIds ?? []) : [],
    samplingMode: (h.samplingMode ?? 0) as AddBody<typeof qualityInspectionPlanEntity>['samplingMode'],
    sampleSize: h.sampleSize ?? null,
    samplePercent: h.samplePercent ?? null,
    aql: h.aql ?? null,
    firstArticleQty: h.firstArticleQty ?? null,
    remark: h.remark?.trim() ?? '',
    lines: linesBody(qualityInspectionPlanEntity, lines),
  };
}

function PlanFormBody({
  source,
  onClose,
  onSaved,
}: {
  source?: PlanDetail;
  onClose(): void;
  onSaved(saved: { id: number }): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Head>();
  const { saving, run } = useSubmit();
  const columns = useMemo(
    () => declaredLineColumns<DocLine>(LINES, { columns: { itemId: ITEM_COLUMN } }),
    [],
  );
  const doc = useDocumentLines(LINES, columns);
  const { load, setLines } = doc;
  useEffect(() => {
    if (source) load(source.lines);
    else setLines([{}]);
  }, [source, load, setLines]);
  const type = Form.useWatch('inspectionType', form) as number | undefined;
  const mode = Form.useWatch('samplingMode', form) as number | undefined;

  const save = async () => {
    const headOk = await form.validateFields().then(
      () => true,
      () => false,
    );
    const linesOk = doc.check();
    if (!headOk || !linesOk) return;
    const body = planBody(form.getFieldsValue(true), doc.lines);
    await run(async () => {
      try {
        // the plan list's route gives the add and update calls
        const saved = source
          ? await call(PLANS.update as NonNullable<typeof PLANS.update>, { id: source.id, ...body })
          : await call(PLANS.add as NonNullable<typeof PLANS.add>, body);
        message.success('保存成功');
        onSaved(saved);
      } catch (err) {
        showFieldErrors(form, err, HEAD_FIELDS);
        doc.showServerErrors(err);
        throw err;
      }
    });
  };

  const process = type === undefined || PROCESS_INSPECTION_TYPES.includes(type);
  return (
    <Flex vertical gap={16}>
      <Form<Head>
        form={form}
        name="qualityInspectionPlanHead"
        layout="vertical"
        initialValues={
          source
            ? {
                name: source.name ?? undefined,
                inspectionType: source.inspectionType ?? undefined,
                materialsIds: source.materialsIds,
                materialClassIds: source.materialClassIds,
                procedureIds: source.procedureIds,
                supplierIds: source.supplierIds,
                samplingMode: source.samplingMode ?? 0,
                sampleSize: source.sampleSize,
                samplePercent: source.samplePercent,
                aql: source.aql,
                firstArticleQty: source.firstArticleQty,
                remark: source.remark ?? undefined,
              }
            : { inspectionType: FIRST_ARTICLE_INSPECTION, samplingMode: 0, firstArticleQty: 1 }
        }
      >
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={F.name.label} rules={fieldRules(F.name)}>
              <Input placeholder="请输入方案名称" maxLength={F.name.maxLength} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="inspectionType"
              label={F.inspectionType.label}
              rules={fieldRules(F.inspectionType)}
            >
              <Select options={inspectionType.options} placeholder="请选择检验类型" />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item label={F.qualityType.label}>
              <Tag variant="filled">{type === undefined ? '—' : qualityType.label(qualityTypeOf(type))}</Tag>
            </Form.Item>
          </Col>
          <ScopePicker
            name="materialsIds"
            label="适用物料"
            endpoint={entityEndpoints(materialsEntity).list}
            optionLabel={materialLabel}
            known={knownOptions(source?.materialsIds, source?.materialNames)}
          />
          <ScopePicker
            name="materialClassIds"
            label="适用物料分类"
            extra="含其下级分类的物料"
            endpoint={entityEndpoints(materialsClassEntity).list}
            known={knownOptions(source?.materialClassIds, source?.materialClassNames)}
          />
          {process ? (
            <ScopePicker
              name="procedureIds"
              label="适用工序"
              extra="物料、物料分类、工序至少选一项"
              endpoint={entityEndpoints(procedureEntity).list}
              known={knownOptions(source?.procedureIds, source?.procedureNames)}
            />
          ) : null}
          {type === INCOMING_INSPECTION ? (
            <ScopePicker
              name="supplierIds"
              label="供应商"
              extra="不选则适用于所有供应商"
              endpoint={entityEndpoints(supplierEntity).list}
              known={knownOptions(source?.supplierIds, source?.supplierNames)}
            />
          ) : null}
          <Col xs={24} md={12}>
            <Form.Item name="samplingMode" label={F.samplingMode.label} rules={fieldRules(F.samplingMode)}>
              <Radio.Group options={samplingMode.options} />
            </Form.Item>
          </Col>
          {mode === 1 ? (
            <Col xs={24} md={6}>
              <Form.Item
                name="sampleSize"
                label={F.sampleSize.label}
                rules={fieldRules(F.sampleSize, { required: true })}
              >
                <InputNumber min={1} max={F.sampleSize.max} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ) : null}
          {mode === 2 ? (
            <Col xs={24} md={6}>
              <Form.Item
                name="samplePercent"
                label={F.samplePercent.label}
                rules={fieldRules(F.samplePercent, { required: true })}
              >
                <InputNumber min={0.01} max={100} suffix="%" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ) : null}
          {mode === 3 ? (
            <Col xs={24} md={6}>
              <Form.Item
                name="aql"
                label={F.aql.label}
                rules={[{ required: true, message: '请选择AQL' }]}
                extra="一般检验水平Ⅱ，正常检验一次抽样"
              >
                <Select options={AQL_OPTIONS} placeholder="请选择AQL" showSearch />
              </Form.Item>
            </Col>
          ) : null}
          {type === FIRST_ARTICLE_INSPECTION ? (
            <Col xs={24} md={6}>
              <Form.Item
                name="firstArticleQty"
                label={F.firstArticleQty.label}
                rules={fieldRules(F.firstArticleQty)}
              >
                <InputNumber min={1} max={F.firstArticleQty.max} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ) : null}
          <Col span={24}>
            <Form.Item name="remark" label={F.remark.label} rules={fieldRules(F.remark)}>
              <Input.TextArea maxLength={F.remark.maxLength} autoSize={{ minRows: 1, maxRows: 3 }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <LinesEditor<DocLine>
        id="qualityInspectionPlanLines"
        {...doc.editor}
        newLine={() => ({})}
        addLabel="添加检验项目"
        emptyText="暂无检验项目，请添加"
      />
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose} disabled={saving}>
          取消
        </Button>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          保存
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * 新增 / 修改质检方案 in a dialog: type, scope, sampling and the item lines (the plan's template),
 * each line starting from the item's standard value and limits. The server keeps the rules
 * (docs/quality.md); the form shows only the fields the type and the sampling mode take.
 */
export function PlanFormModal({
  open,
  source,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The plan edited; a new one when omitted. */
  source?: PlanDetail;
  onClose(): void;
  onSaved(saved: { id: number }): void;
}) {
  return (
    <AppModal
      title={source ? `修改质检方案 · ${source.name ?? ''}` : '新增质检方案'}
      open={open}
      width={1150}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <PlanFormBody source={source} onClose={onClose} onSaved={onSaved} />
    </AppModal>
  );
}
