import { CalculatorOutlined, SaveOutlined } from '@ant-design/icons';
import { materialsApi } from '@factory/shared/api/materials';
import { type Proposal, quotaApi } from '@factory/shared/api/quota';
import { quotaEntity } from '@factory/shared/entities/quota';
import type { AddBody } from '@factory/shared/entities/schema';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  Result,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '../../platform/call.ts';
import { LoadState } from '../../platform/LoadState.tsx';
import { DocumentTitle } from '../../platform/lines/DocumentTitle.tsx';
import {
  type DocLine,
  declaredLineColumns,
  linesBody,
  materialInfoKey,
} from '../../platform/lines/declaredColumns.tsx';
import { LinesEditor } from '../../platform/lines/LinesEditor.tsx';
import { knownOption } from '../../platform/lines/OrderForm.tsx';
import { useDocumentLines } from '../../platform/lines/useDocumentLines.ts';
import { useDocumentToEdit } from '../../platform/lines/useDocumentToEdit.ts';
import { fieldRules, showFieldErrors } from '../../platform/list/formRules.ts';
import { MaterialSelect } from '../../platform/list/RemoteSelect.tsx';
import { isQuotaDraft, QUOTA_LIST_HREF, QUOTAS, type QuotaDetail, quotaDetailHref } from './quotaParts.ts';

const F = quotaEntity.fields;
const LINES = quotaEntity.lines;
const DATE = 'YYYY-MM-DD';

/** The head of a quota as the form holds it. */
export interface QuotaHead {
  code?: string;
  materialsId?: number;
  /** Undefined: the quota holds for every version of the product's flow. */
  processFlowVersionId?: number;
  effectiveFrom?: Dayjs;
  remark?: string;
}
/** The head's fields the server may name in a refusal. */
const HEAD_FIELDS = ['code', 'materialsId', 'processFlowVersionId', 'effectiveFrom', 'remark'];

const text = (v: string | undefined) => v?.trim() || null;

/** The quota as the add call takes it (the update call with its id and version). */
export function quotaBody(h: QuotaHead, lines: readonly DocLine[]): AddBody<typeof quotaEntity> {
  if (h.materialsId === undefined || !h.effectiveFrom) throw new Error('quota saved without product or date');
  return {
    code: text(h.code),
    materialsId: h.materialsId,
    processFlowVersionId: h.processFlowVersionId ?? null,
    effectiveFrom: h.effectiveFrom.format(DATE),
    remark: text(h.remark),
    lines: linesBody(quotaEntity, lines),
  };
}

/** A proposed line as the editor holds it: its material shown, the quota per unit, no tolerance yet. */
export const lineOfProposal = (l: Proposal['lines'][number]): DocLine => ({
  materialsId: l.materialsId,
  [materialInfoKey('materialsId')]: {
    name: l.materialsName,
    code: l.materialsCode,
    specifications: l.materialsSpecifications,
    unitName: l.unitName,
    materialType: null,
  },
  quotaPerUnit: l.quotaPerUnit,
  tolerancePct: 0,
  remark: l.via ? `经虚拟件“${l.via}”展开` : null,
});

const headOf = (d: QuotaDetail): QuotaHead => ({
  code: d.code ?? undefined,
  materialsId: d.materialsId ?? undefined,
  processFlowVersionId: d.processFlowVersionId ?? undefined,
  effectiveFrom: d.effectiveFrom ? dayjs(d.effectiveFrom) : undefined,
  remark: d.remark ?? undefined,
});

const newLine = (): DocLine => ({ tolerancePct: 0 });

function QuotaForm({ source }: { source?: QuotaDetail }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<QuotaHead>();
  const [saving, setSaving] = useState(false);
  const [proposing, setProposing] = useState(false);
  const [versions, setVersions] = useState<Proposal['versions']>();
  const columns = useMemo(
    () =>
      declaredLineColumns<DocLine>(LINES, {
        columns: {
          materialsId: { width: 240 },
          materialsIdType: false,
          quotaPerUnit: { width: 130 },
          tolerancePct: { width: 100 },
          remark: { width: 180 },
        },
      }),
    [],
  );
  const doc = useDocumentLines(LINES, columns);
  const { load, setLines } = doc;
  useEffect(() => {
    if (source) load(source.lines);
    else setLines([newLine()]);
  }, [source, load, setLines]);

  /**
   * The product's BOM as quota lines (and its versions): `replace` puts them in place of the
   * lines; without it only the versions are read (a draft opened to edit keeps its lines).
   */
  const propose = useCallback(
    async (materialsId: number, versionId: number | undefined, replace: boolean) => {
      setProposing(true);
      try {
        const p = await call(quotaApi.propose, {
          materialsId,
          ...(versionId !== undefined ? { processFlowVersionId: versionId } : {}),
        });
        setVersions(p.versions);
        if (!replace) return;
        if (!p.lines.length) {
          message.warning('该产品没有BOM，请手工添加定额明细');
          setLines([newLine()]);
          return;
        }
        setLines(p.lines.map(lineOfProposal));
        message.success(
          `已按${p.source === 'version' ? '工艺版本的BOM清单' : 'BOM'}生成${p.lines.length}行定额（用量 ×（1 + 损耗率））`,
        );
      } catch (err) {
        showFieldErrors(form, err, HEAD_FIELDS);
      } finally {
        setProposing(false);
      }
    },
    [form, message, setLines],
  );
  useEffect(() => {
    if (source?.materialsId) void propose(source.materialsId, undefined, false);
  }, [source, propose]);

  const onValuesChange = (changed: Partial<QuotaHead>) => {
    if ('materialsId' in changed) {
      form.setFieldsValue({ processFlowVersionId: undefined });
      setVersions(undefined);
      if (changed.materialsId !== undefined) void propose(changed.materialsId, undefined, true);
    } else if ('processFlowVersionId' in changed) {
      const materialsId = form.getFieldValue('materialsId') as number | undefined;
      if (materialsId !== undefined) void propose(materialsId, changed.processFlowVersionId, true);
    }
  };

  const save = async () => {
    const headOk = await form.validateFields().then(
      () => true,
      () => false,
    );
    const linesOk = doc.check();
    if (!headOk || !linesOk) return;
    const body = quotaBody(form.getFieldsValue(true), doc.lines);
    setSaving(true);
    try {
      const saved = source
        ? await call(QUOTAS.update as NonNullable<typeof QUOTAS.update>, {
            id: source.id,
            version: source.version,
            ...body,
          })
        : await call(QUOTAS.add as NonNullable<typeof QUOTAS.add>, body);
      message.success('保存成功');
      navigate(quotaDetailHref(saved));
    } catch (err) {
      showFieldErrors(form, err, HEAD_FIELDS);
      doc.showServerErrors(err);
    } finally {
      setSaving(false);
    }
  };

  const productId = Form.useWatch('materialsId', form);
  return (
    <Flex vertical gap={16}>
      <Card
        variant="borderless"
        title={<DocumentTitle label="生产定额" code={source ? source.code : undefined} />}
      >
        <Form<QuotaHead>
          form={form}
          name="quotaHead"
          layout="vertical"
          initialValues={source ? headOf(source) : { effectiveFrom: dayjs() }}
          onValuesChange={onValuesChange}
        >
          <Row gutter={24}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="code" label={F.code.label} rules={fieldRules(F.code)}>
                <Input placeholder={F.code.placeholder} maxLength={F.code.maxLength} allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                name="materialsId"
                label={F.materialsName.label}
                rules={[{ required: true, message: '请选择产品' }]}
                extra="选择产品后按其BOM生成定额明细"
              >
                <MaterialSelect
                  endpoint={materialsApi.finished}
                  placeholder="请选择产品"
                  knownOptions={knownOption(source?.materialsId, source?.materialsName)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                name="processFlowVersionId"
                label={F.versionName.label}
                extra="留空则适用于该产品的所有工艺版本"
              >
                <Select
                  allowClear
                  placeholder={productId === undefined ? '请先选择产品' : '所有版本'}
                  disabled={productId === undefined}
                  loading={proposing && !versions}
                  options={(versions ?? []).map((v) => ({
                    value: v.id,
                    label: v.isMain ? `${v.name}（主版本）` : v.name,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                name="effectiveFrom"
                label={F.effectiveFrom.label}
                rules={[{ required: true, message: '请选择生效日期' }]}
              >
                <DatePicker style={{ width: '100%' }} format={DATE} placeholder="请选择生效日期" />
              </Form.Item>
            </Col>
            <Col xs={24} xl={16}>
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
          <Button
            icon={<CalculatorOutlined />}
            disabled={productId === undefined}
            loading={proposing}
            onClick={() =>
              productId !== undefined &&
              void propose(productId, form.getFieldValue('processFlowVersionId'), true)
            }
          >
            按BOM重新生成
          </Button>
        }
      >
        <LinesEditor<DocLine>
          id="quotaLines"
          {...doc.editor}
          newLine={newLine}
          addLabel="添加物料"
          emptyText="暂无物料，请选择产品或添加"
        />
      </Card>
      <Card
        variant="borderless"
        styles={{ body: { padding: '12px 24px' } }}
        style={{ position: 'sticky', bottom: 0, zIndex: 3, boxShadow: '0 -2px 8px rgba(16,24,40,0.06)' }}
      >
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Typography.Text type="secondary">
            共 {doc.lines.length} 行；生效后，领料超过 工单数量 × 单位定额 ×（1 + 允差）须填写超定额原因
          </Typography.Text>
          <Space>
            <Button
              onClick={() => navigate(source ? quotaDetailHref(source) : QUOTA_LIST_HREF)}
              disabled={saving}
            >
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

/**
 * /purchase/certain-number-add: a new production quota (草稿) — the product, optionally one version
 * of its flow, the date it holds from — with its lines proposed from the product's BOM as soon as
 * the product is chosen; with `?id=` a draft to edit. A quota no longer a draft is not edited.
 */
export default function CertainNumberAdd() {
  const { id, detail } = useDocumentToEdit(QUOTAS.detail.path, (id, signal) =>
    call(QUOTAS.detail, { id }, { signal }),
  );
  if (id === undefined) return <QuotaForm key="new" />;
  if (!detail.data) return <LoadState query={detail} title="生产定额" />;
  const d = detail.data;
  if (!isQuotaDraft(d)) {
    const state = F.status.enum.label(d.status, '');
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title={`生产定额“${d.code ?? ''}”${state}，不能编辑`}
          subTitle={d.status === 1 ? '请先撤回' : undefined}
          extra={<Link to={quotaDetailHref(d)}>查看定额</Link>}
        />
      </Card>
    );
  }
  return <QuotaForm key={d.id} source={d} />;
}
