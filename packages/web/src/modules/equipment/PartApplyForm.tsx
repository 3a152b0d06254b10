import { sparePartApi } from '@factory/shared/api/sparePart';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import type { AddBody, DetailOf, RowOf } from '@factory/shared/entities/schema';
import { partApplyEntity } from '@factory/shared/entities/sparePart';
import { sparePartSource } from '@factory/shared/enums';
import { routeHref } from '@factory/shared/routes';
import { App, Button, Col, Flex, Form, Input, Row, Select } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import {
  type DocLine,
  declaredLineColumns,
  linesBody,
  materialInfoKey,
} from '../../platform/lines/declaredColumns.tsx';
import { LinesEditor } from '../../platform/lines/LinesEditor.tsx';
import type { LineColumn } from '../../platform/lines/lines.ts';
import { lookupRow, type MaterialInfo } from '../../platform/lines/materialColumns.tsx';
import { useDocumentLines } from '../../platform/lines/useDocumentLines.ts';
import { fieldRules, showFieldErrors } from '../../platform/list/formRules.ts';
import { type MaterialRow, MaterialSelect } from '../../platform/list/RemoteSelect.tsx';
import { useSession } from '../../platform/session.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { useSubmit } from '../../platform/useSubmit.ts';

export const PART_APPLIES = entityEndpoints(partApplyEntity);
export type PartApply = RowOf<typeof partApplyEntity>;
export type PartApplyDetail = DetailOf<typeof partApplyEntity>;
export const PART_APPLY_LIST_HREF = routeHref('partApply');
export const partApplyHref = (a: { id: number }) => routeHref('partApplyOrderDetail', { id: a.id });
/** Edited and deleted only while not submitted or rejected (the server refuses the rest). */
export const isPartApplyEditable = (a: Pick<PartApply, 'auditStatus'>) =>
  a.auditStatus === -1 || a.auditStatus === 2;

/**
 * Which of an application's actions the signed-in user is offered beyond the keys: only its
 * applicant withdraws a submitted one (the server refuses anyone else).
 */
export function useOfferedOnApply() {
  const user = useSession((st) => st.user);
  return useCallback(
    (action: string, a: Pick<PartApply, 'applicantId'>) =>
      action !== 'withdraw' || (!!user && a.applicantId === user.id),
    [user],
  );
}

/** The repair order (0) or upkeep task (1) an application is for. */
export interface PartApplySource {
  sourceType: number;
  sourceCode: string;
}

/** The source a page names in its query (`?sourceType=0&sourceCode=WX…`), if it names one. */
export function sourceOfQuery(params: URLSearchParams): PartApplySource | undefined {
  const sourceType = Number(params.get('sourceType'));
  const sourceCode = params.get('sourceCode')?.trim();
  return sparePartSource.items.some((i) => i.value === sourceType) && sourceCode
    ? { sourceType, sourceCode }
    : undefined;
}

const F = partApplyEntity.fields;
const LINES = partApplyEntity.lines;
/** The head's fields the server may name in a refusal. */
const HEAD_FIELDS = ['sourceType', 'sourceCode', 'reason'];
const MATERIAL = 'materialsId';
const INFO = materialInfoKey(MATERIAL);

interface Head {
  sourceType?: number;
  sourceCode?: string;
  reason?: string;
}

const infoOf = (r: MaterialRow): MaterialInfo => ({
  name: r.name ?? '',
  code: r.code ?? '',
  specifications: r.specifications,
  unitName: r.mainUnitName,
  materialType: r.materialType,
});

/**
 * The line's part is picked among the registered spare parts only (the declaration's `ref.select`,
 * which the generic material column does not read), by code or name, pasted too.
 */
const SPARE_PART_COLUMN: Partial<LineColumn<DocLine>> = {
  editor: {
    kind: 'custom',
    render: ({ id, value, line, index, disabled, status, set }) => {
      const m = line[INFO] as MaterialInfo | undefined;
      return (
        <MaterialSelect
          id={id}
          endpoint={sparePartApi.materials}
          value={value as number | undefined}
          placeholder="请选择备件"
          disabled={disabled}
          status={status}
          aria-label={`第${index + 1}行备件`}
          style={{ width: '100%' }}
          knownOptions={
            m && typeof value === 'number' ? [{ value, label: `${m.code} ${m.name}` }] : undefined
          }
          onChange={(v, option) => {
            const row = Array.isArray(option) ? undefined : option?.row;
            set(v, row ? { [INFO]: infoOf(row) } : undefined);
          }}
        />
      );
    },
    paste: async (text) => {
      const row = await lookupRow(sparePartApi.materials, text).catch(() => undefined);
      return row
        ? { value: row.id, patch: { [INFO]: infoOf(row) } }
        : { error: `没有编码或名称为“${text}”的备件` };
    },
  },
};

const newLine = (): DocLine => ({});

/** The application as the add call takes it (the update call with its id and version). */
export function partApplyBody(h: Head, lines: readonly DocLine[]): AddBody<typeof partApplyEntity> {
  if (h.sourceType === undefined || !h.sourceCode) throw new Error('application saved without source');
  return {
    sourceType: h.sourceType as 0 | 1,
    sourceCode: h.sourceCode.trim(),
    reason: h.reason?.trim() || null,
    lines: linesBody(partApplyEntity, lines),
  };
}

function PartApplyFormBody({
  source,
  initial,
  onClose,
  onSaved,
}: {
  source?: PartApplyDetail;
  initial?: PartApplySource;
  onClose(): void;
  onSaved(saved: { id: number }): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Head>();
  const { saving, run } = useSubmit();
  const columns = useMemo(
    () =>
      declaredLineColumns<DocLine>(LINES, {
        columns: { [MATERIAL]: SPARE_PART_COLUMN, [`${MATERIAL}Type`]: false },
      }),
    [],
  );
  const doc = useDocumentLines(LINES, columns);
  const { load, setLines } = doc;
  useEffect(() => {
    if (source) load(source.lines);
    else setLines([newLine()]);
  }, [source, load, setLines]);

  const save = async () => {
    const headOk = await form.validateFields().then(
      () => true,
      () => false,
    );
    const linesOk = doc.check();
    if (!headOk || !linesOk) return;
    const body = partApplyBody(form.getFieldsValue(true), doc.lines);
    await run(async () => {
      try {
        // the route's buttons give the application its add and update calls
        const saved = source
          ? await call(PART_APPLIES.update as NonNullable<typeof PART_APPLIES.update>, {
              id: source.id,
              version: source.version,
              ...body,
            })
          : await call(PART_APPLIES.add as NonNullable<typeof PART_APPLIES.add>, body);
        message.success('保存成功');
        onSaved(saved);
      } catch (err) {
        showFieldErrors(form, err, HEAD_FIELDS);
        doc.showServerErrors(err);
        throw err;
      }
    });
  };

  const fixedSource = !source && initial !== undefined;
  return (
    <Flex vertical gap={16}>
      <Form<Head>
        form={form}
        name="partApplyHead"
        layout="vertical"
        initialValues={
          source
            ? {
                sourceType: source.sourceType ?? undefined,
                sourceCode: source.sourceCode ?? undefined,
                reason: source.reason ?? undefined,
              }
            : { sourceType: initial?.sourceType ?? 0, sourceCode: initial?.sourceCode }
        }
      >
        <Row gutter={24}>
          <Col xs={24} md={8}>
            <Form.Item name="sourceType" label={F.sourceType.label} rules={fieldRules(F.sourceType)}>
              <Select options={sparePartSource.options} disabled={fixedSource} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="sourceCode"
              label={F.sourceCode.label}
              rules={fieldRules(F.sourceCode)}
              extra={fixedSource ? undefined : '维修工单号（WX…）或保养工单号，设备按来源单据带出'}
            >
              <Input
                placeholder={F.sourceCode.placeholder}
                maxLength={F.sourceCode.maxLength}
                disabled={fixedSource}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="reason" label={F.reason.label} rules={fieldRules(F.reason)}>
              <Input.TextArea
                placeholder="请输入申请原因"
                maxLength={F.reason.maxLength}
                autoSize={{ minRows: 1, maxRows: 3 }}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <LinesEditor<DocLine>
        id="partApplyLines"
        {...doc.editor}
        newLine={newLine}
        addLabel="添加备件"
        emptyText="暂无备件，请添加"
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
 * 新增 / 修改备件申请 in a dialog: the source (a repair order or an upkeep task, by its number; the
 * machine is the source's) — fixed when a page opens it for its own source — the reason, and the
 * parts asked for, each from a 备件仓. Saved not submitted; 提交 sends it for audit.
 */
export function PartApplyFormModal({
  open,
  source,
  initial,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The application edited; a new one when omitted. */
  source?: PartApplyDetail;
  /** A new application's source, from the page that opens it. */
  initial?: PartApplySource;
  onClose(): void;
  onSaved(saved: { id: number }): void;
}) {
  return (
    <AppModal
      title={source ? `修改备件申请 · ${source.code ?? ''}` : '新增备件申请'}
      open={open}
      width={1100}
      footer={null}
      onCancel={onClose}
    >
      <PartApplyFormBody source={source} initial={initial} onClose={onClose} onSaved={onSaved} />
    </AppModal>
  );
}

/**
 * 申请备件 on a repair order's or upkeep task's page (for who may add applications): the
 * application form with the page's source filled, then the saved application's page to submit it.
 */
export function ApplyPartsButton({ source }: { source: PartApplySource }) {
  const can = usePermission();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (!can('partApply', 'Add')) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>申请备件</Button>
      <PartApplyFormModal
        open={open}
        initial={source}
        onClose={() => setOpen(false)}
        onSaved={(saved) => {
          setOpen(false);
          navigate(partApplyHref(saved));
        }}
      />
    </>
  );
}
