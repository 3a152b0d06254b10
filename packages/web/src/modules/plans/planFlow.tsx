import { processFlowApi, type VersionDetail } from '@factory/shared/api/processFlow';
import { encryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { areaEntity } from '@factory/shared/entities/information';
import { processFlowEntity } from '@factory/shared/entities/processFlow';
import type { produceOrderEntity } from '@factory/shared/entities/produceOrder';
import type { RowOf } from '@factory/shared/entities/schema';
import { planType } from '@factory/shared/enums';
import type { EnumValue } from '@factory/shared/enums/defineEnum';
import { routeHref } from '@factory/shared/routes';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, DatePicker, Form, type FormInstance, Input, InputNumber, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { call } from '../../platform/call.ts';
import type { FormMode } from '../../platform/crud/EntityFormModal.tsx';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';

/** A line (产线) a plan may run on. */
export type Line = { id: number; name: string };
/** Every line may be chosen: no step of the version names lines. */
export const ANY_LINE = 'any';
export type Lines = Line[] | typeof ANY_LINE;

type Flow = RowOf<typeof processFlowEntity>;

const FLOWS = entityEndpoints(processFlowEntity).list;
const AREAS = entityEndpoints(areaEntity).list;

/**
 * The lines a version allows, as the server checks a plan's line: every line any of its steps
 * names (a transformer's steps run in several workshops; its plan is booked on one of them), in
 * step order; a version whose steps name none allows every line; a version without steps allows
 * none (nothing could be made).
 */
export function versionLines(v: Pick<VersionDetail, 'steps'>): Lines {
  if (!v.steps.length) return [];
  const named = v.steps.flatMap((s) => s.areaList);
  if (!named.length) return ANY_LINE;
  return named.filter((a, i) => named.findIndex((b) => b.id === a.id) === i);
}

/**
 * The line to show after the allowed lines changed: the chosen one while still allowed, else the
 * only allowed line, else none (the planner chooses).
 */
export function chooseLine(lines: Lines, current: number | undefined): number | undefined {
  if (lines === ANY_LINE) return current;
  if (current !== undefined && lines.some((l) => l.id === current)) return current;
  return lines.length === 1 ? lines[0].id : undefined;
}

/**
 * The product's process flow as a plan takes it: its enabled flow (the first made, as the server
 * picks), the flow's versions, and the main one.
 */
export function useProductFlow(materialId: number | undefined) {
  return useQuery({
    queryKey: [FLOWS.path, 'ofProduct', materialId],
    enabled: materialId !== undefined,
    queryFn: async ({ signal }): Promise<Flow | null> => {
      const filters = [
        { fieldName: 'materialId', fieldType: 'integer', operator: 'eq', fieldValue: materialId },
        { fieldName: 'isEnabled', fieldType: 'integer', operator: 'eq', fieldValue: 1 },
      ];
      const page = await call(
        FLOWS,
        { page: 1, limit: 20, searchVal: await encryptText(JSON.stringify(filters)) },
        { signal },
      );
      return page.records.reduce<Flow | null>((first, f) => (!first || f.id < first.id ? f : first), null);
    },
  });
}

/** A version's steps with the lines each allows. */
export function useVersionDetail(versionId: number | undefined) {
  return useQuery({
    queryKey: [processFlowApi.versionDetail.path, versionId],
    enabled: versionId !== undefined,
    queryFn: ({ signal }) => call(processFlowApi.versionDetail, { id: versionId ?? 0 }, { signal }),
  });
}

/** The form values the flow fields hold. */
export interface FlowValues {
  flowVersionId?: number;
  areaId?: number;
}

/**
 * 工艺版本 and 产线 of a plan of `materialId`: the flow's versions (the main one first chosen) and
 * only the lines the chosen version allows (chosen at once when there is one). Where the version
 * cannot be read, any line may be chosen and the server checks it. Place it inside the form.
 */
export function FlowFields({ materialId }: { materialId: number | undefined }) {
  // the form around it: any form holding FlowValues
  const form: FormInstance<FlowValues> = Form.useFormInstance();
  const flow = useProductFlow(materialId);
  const versionId = Form.useWatch('flowVersionId', form);
  const detail = useVersionDetail(typeof versionId === 'number' ? versionId : undefined);
  const versions = flow.data?.versionList ?? [];
  const main = flow.data?.mainVersionId ?? undefined;
  const lines = useMemo<Lines | undefined>(
    () => (detail.isError ? ANY_LINE : detail.data && versionLines(detail.data)),
    [detail.isError, detail.data],
  );

  // a new product starts on its flow's main version
  useEffect(() => {
    if (materialId === undefined) form.setFieldValue('flowVersionId', undefined);
    if (flow.data === undefined) return;
    const current = form.getFieldValue('flowVersionId');
    const known = flow.data?.versionList.some((v) => v.id === current);
    if (!known) form.setFieldValue('flowVersionId', flow.data?.mainVersionId ?? undefined);
  }, [materialId, flow.data, form]);

  // another version may allow other lines
  useEffect(() => {
    if (lines === undefined) return;
    const current = form.getFieldValue('areaId');
    const next = chooseLine(lines, typeof current === 'number' ? current : undefined);
    if (next !== current) form.setFieldValue('areaId', next);
  }, [lines, form]);

  const noFlow = materialId !== undefined && flow.data === null;
  const noSteps = Array.isArray(lines) && detail.data && !detail.data.steps.length;
  return (
    <>
      {(noFlow || noSteps) && (
        <Col xs={24}>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={
              noFlow ? '该产品没有启用的工艺路线，请先在工艺路线中维护' : '该工艺版本没有工序，不能安排生产'
            }
          />
        </Col>
      )}
      <Col xs={24} md={12}>
        <Form.Item
          name="flowVersionId"
          label="工艺版本"
          extra={flow.data ? `工艺路线：${flow.data.code ?? ''} ${flow.data.name ?? ''}` : undefined}
        >
          <Select
            placeholder={materialId === undefined ? '请先选择产品' : '主版本'}
            loading={flow.isFetching}
            disabled={!versions.length}
            options={versions.map((v) => ({
              value: v.id,
              label: v.id === main ? `${v.name}（主版本）` : v.name,
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="areaId"
          label="产线"
          rules={[{ required: true, message: '请选择产线' }]}
          extra={
            detail.isError
              ? '无法读取工艺版本允许的产线，提交时由系统校验'
              : '只列出该工艺版本各工序允许的产线'
          }
        >
          {lines === ANY_LINE ? (
            <RemoteSelect endpoint={AREAS} placeholder="请选择产线" />
          ) : (
            <Select
              placeholder={versionId === undefined ? '请先选择工艺版本' : '请选择产线'}
              loading={detail.isFetching}
              options={(lines ?? []).map((l) => ({ value: l.id, label: l.name }))}
            />
          )}
        </Form.Item>
      </Col>
    </>
  );
}

/** A time as the server takes it: the factory's clock. */
export const timeText = (d: Dayjs | null | undefined): string | null =>
  d ? d.format('YYYY-MM-DD HH:mm:ss') : null;

/** A trimmed text, or null when nothing is left. */
/** The remark of a production form, across the whole row. */
export function RemarkItem() {
  return (
    <Col xs={24}>
      <Form.Item name="remark" label="备注">
        <Input.TextArea
          placeholder="请输入备注"
          maxLength={500}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
        />
      </Form.Item>
    </Col>
  );
}

export const textOrNull = (t: string | null | undefined): string | null => t?.trim() || null;

/** The values the plan's own fields hold. */
export interface PlanValues {
  planType: EnumValue<typeof planType>;
  planStartTime?: Dayjs | null;
  planEndTime?: Dayjs | null;
}

/** 计划类型 and the planned start and end (the end not before the start). */
export function PlanFields() {
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="planType" label="计划类型">
          <Radio.Group options={planType.options} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} />
      <Col xs={24} md={12}>
        <Form.Item name="planStartTime" label="计划开始时间">
          <DatePicker showTime placeholder="请选择计划开始时间" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="planEndTime"
          label="计划结束时间"
          dependencies={['planStartTime']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, end: Dayjs | null | undefined) => {
                const start: Dayjs | null | undefined = getFieldValue('planStartTime');
                return end && start && end.isBefore(start)
                  ? Promise.reject(new Error('计划结束时间不能早于计划开始时间'))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker showTime placeholder="请选择计划结束时间" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </>
  );
}

/**
 * CrudPage's form items and values that send back the version a modified row was read at, so the
 * server refuses an edit over someone else's (a copy is a new document: none).
 */
export const versionGuard = {
  formItems: (_row: unknown, mode: FormMode) =>
    mode === 'edit' ? (
      <Form.Item name="version" hidden>
        <InputNumber />
      </Form.Item>
    ) : null,
  formValues: (row: { version: number }, mode: FormMode) => (mode === 'edit' ? { version: row.version } : {}),
};

type Order = RowOf<typeof produceOrderEntity>;

/** A draft order: the server edits and deletes only these. */
export const isDraft = (o: Pick<Order, 'confirmStatus' | 'planStatus'>) =>
  o.confirmStatus === 0 && o.planStatus !== 9;
/** Plans go only to confirmed orders that are neither finished nor cancelled. */
export const takesPlans = (o: Pick<Order, 'confirmStatus' | 'planStatus'>) =>
  o.confirmStatus === 1 && (o.planStatus === 0 || o.planStatus === 3 || o.planStatus === 1);
export const addPlanHref = (o: Pick<Order, 'id'>) => `${routeHref('planAdd')}?orderId=${o.id}`;
