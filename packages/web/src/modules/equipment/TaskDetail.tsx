import { equipmentTaskApi, type TaskItemResult, type TaskItemRow } from '@factory/shared/api/equipmentTask';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { taskEntities } from '@factory/shared/entities/equipmentTask';
import { checkResult } from '@factory/shared/enums';
import { taskMachines } from '@factory/shared/machines/equipmentTask';
import { App, Button, Card, Flex, Form, Input, InputNumber, Radio, Table, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { call } from '../../platform/call.ts';
import { DetailFields } from '../../platform/DetailFields.tsx';
import { ImageUpload } from '../../platform/ImageUpload.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { EMPTY_CELL, EnumCell } from '../../platform/list/columns.tsx';
import {
  logTab,
  OrderFigures,
  OrderHead,
  OrderNotFound,
  useOrderDetail,
} from '../../platform/OrderDetail.tsx';
import { useSubmit } from '../../platform/useSubmit.ts';
import { ApplyPartsButton } from './PartApplyForm.tsx';
import { PartUsageTable, UPKEEP, usePartUsages } from './PartUsages.tsx';
import { type PartDraft, partsBody, SparePartsEditor } from './SparePartsEditor.tsx';
import { billListHref, type CheckTask } from './TaskParts.ts';

/** Shown in the heading or the figures, not among the plain fields. */
const APART = ['code', 'status', 'itemCount', 'ngItemCount', 'isOnTime'];
/** Pending or under way: an upkeep may still ask for parts (申请备件). */
const OPEN_TASK = [1, 2];

type Draft = Omit<TaskItemResult, 'itemId'>;

/** A numeric value outside its limits is NG, as the server judges it. */
export function verdictOf(item: TaskItemRow, draft: Draft | undefined): number | undefined {
  if (item.valueType !== 1) return draft?.result;
  const v = draft?.value;
  if (v === undefined || v === null) return undefined;
  return (item.lowerLimit !== null && v < item.lowerLimit) ||
    (item.upperLimit !== null && v > item.upperLimit)
    ? 1
    : 0;
}

/** The standard as the factory writes it: the text, and a numeric item's range with its unit. */
function standardOf(i: TaskItemRow): string {
  const u = i.unit ? ` ${i.unit}` : '';
  const range =
    i.valueType !== 1
      ? ''
      : i.lowerLimit !== null && i.upperLimit !== null
        ? `${i.lowerLimit}–${i.upperLimit}${u}`
        : i.lowerLimit !== null
          ? `≥ ${i.lowerLimit}${u}`
          : `≤ ${i.upperLimit}${u}`;
  return [i.standard, range].filter(Boolean).join('；') || EMPTY_CELL;
}

/**
 * The items of a task: read-only once done; while it is under way and the user may submit, each
 * item takes its value (OK/NG, a measured value judged by its limits, or a note), a remark (needed
 * for NG) and a photo where the item asks one, NG rows in red; 提交 sends them all at once.
 */
export function TaskItemsForm({
  items,
  editing,
  extra,
  onSubmit,
}: {
  items: TaskItemRow[] | undefined;
  editing: boolean;
  /** Filled in with the items and sent with them (an upkeep's 更换备件). */
  extra?: ReactNode;
  /** The results, and whether any item is NG (its fault report is filed with them). */
  onSubmit(results: TaskItemResult[], hasNg: boolean): Promise<void>;
}) {
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const { saving, run } = useSubmit();
  const set = (id: number, patch: Draft) => setDrafts((d) => ({ ...d, [id]: { ...d[id], ...patch } }));
  const verdict = (i: TaskItemRow) => (editing ? verdictOf(i, drafts[i.itemId]) : (i.result ?? undefined));
  const submit = () =>
    run(() =>
      onSubmit(
        (items ?? []).map((i) => {
          const d = drafts[i.itemId] ?? {};
          return {
            itemId: i.itemId,
            ...(d.result !== undefined ? { result: d.result } : {}),
            ...(d.value !== undefined && d.value !== null ? { value: d.value } : {}),
            ...(d.text ? { text: d.text } : {}),
            ...(d.remark ? { remark: d.remark } : {}),
            ...(d.photoUrls?.length ? { photoUrls: d.photoUrls } : {}),
          };
        }),
        (items ?? []).some((i) => verdictOf(i, drafts[i.itemId]) === 1),
      ),
    );
  return (
    <Flex vertical gap={12}>
      <Table<TaskItemRow>
        rowKey="itemId"
        size="middle"
        loading={!items}
        dataSource={items}
        pagination={false}
        scroll={{ x: 1000 }}
        onRow={(i) => (verdict(i) === 1 ? { style: { background: '#fff1f0' } } : {})}
        columns={[
          {
            key: 'name',
            title: '检查项目',
            width: 200,
            render: (_v, i) => (
              <Flex vertical>
                <span>{i.name}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[i.part, i.method].filter(Boolean).join(' · ')}
                </Typography.Text>
              </Flex>
            ),
          },
          { key: 'standard', title: '标准', width: 180, render: (_v, i) => standardOf(i) },
          {
            key: 'value',
            title: '结果',
            width: 220,
            render: (_v, i) => {
              const d = drafts[i.itemId];
              if (!editing)
                return i.valueType === 1
                  ? `${i.value ?? EMPTY_CELL}${i.unit && i.value !== null ? ` ${i.unit}` : ''}`
                  : (i.text ?? (i.result === null ? EMPTY_CELL : checkResult.label(i.result)));
              if (i.valueType === 1)
                return (
                  <InputNumber
                    aria-label={`${i.name}实测值`}
                    value={d?.value}
                    addonAfter={i.unit || undefined}
                    onChange={(v) => set(i.itemId, { value: v ?? undefined })}
                    style={{ width: 180 }}
                  />
                );
              const okNg = (
                <Radio.Group
                  aria-label={`${i.name}判定`}
                  value={d?.result}
                  onChange={(e) => set(i.itemId, { result: e.target.value })}
                  options={checkResult.options}
                  optionType="button"
                  size="small"
                />
              );
              if (i.valueType === 0) return okNg;
              return (
                <Flex vertical gap={4}>
                  <Input
                    aria-label={`${i.name}记录`}
                    value={d?.text}
                    maxLength={500}
                    onChange={(e) => set(i.itemId, { text: e.target.value })}
                  />
                  {okNg}
                </Flex>
              );
            },
          },
          {
            key: 'result',
            title: '判定',
            width: 80,
            render: (_v, i) => {
              const v = verdict(i);
              return v === undefined ? EMPTY_CELL : <EnumCell value={v} enumDecl={checkResult} />;
            },
          },
          {
            key: 'remark',
            title: '备注',
            width: 200,
            render: (_v, i) =>
              editing ? (
                <Input
                  aria-label={`${i.name}备注`}
                  value={drafts[i.itemId]?.remark}
                  maxLength={200}
                  status={verdict(i) === 1 && !drafts[i.itemId]?.remark ? 'error' : undefined}
                  placeholder={verdict(i) === 1 ? 'NG 请说明情况' : undefined}
                  onChange={(e) => set(i.itemId, { remark: e.target.value })}
                />
              ) : (
                (i.remark ?? EMPTY_CELL)
              ),
          },
          {
            key: 'photo',
            title: '照片',
            width: 120,
            render: (_v, i) =>
              editing && i.needsPhoto ? (
                <ImageUpload
                  value={drafts[i.itemId]?.photoUrls?.[0] ?? null}
                  text="拍照"
                  onChange={(url) => set(i.itemId, { photoUrls: url ? [url] : [] })}
                />
              ) : i.photoUrls.length ? (
                <ImageUpload value={i.photoUrls[0]} disabled />
              ) : (
                EMPTY_CELL
              ),
          },
        ]}
      />
      {editing && extra}
      {editing && (
        <Flex justify="flex-end">
          <Button type="primary" loading={saving} onClick={submit}>
            提交
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

/**
 * A task's page (点检 / 巡检 / 保养工单详情): its state and the actions allowed now, its items —
 * filled in and submitted here once started, an upkeep's with the spare parts it replaced — an
 * upkeep's parts used and 申请备件, and its trail.
 */
function TaskPage({ kind }: { kind: number }) {
  const { message } = App.useApp();
  const upkeep = kind === UPKEEP;
  const [partsForm] = Form.useForm<{ parts?: PartDraft[] }>();
  const machine = taskMachines[kind];
  const api = equipmentTaskApi[kind];
  const entity = taskEntities[kind];
  const listHref = billListHref(kind);
  const title = machine.label;
  const { id, valid, query, order, trace, reload, actions, allowed } = useOrderDetail(
    machine,
    entityEndpoints(entity).detail,
    api.items,
  );
  const parts = usePartUsages({ sourceType: 1, sourceId: id }, valid && upkeep);
  if (!valid) return <OrderNotFound title={title} listHref={listHref} />;
  const task = order as (CheckTask & typeof order) | undefined;
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title={title} />
      {task && (
        <>
          <OrderHead
            machine={machine}
            order={task}
            title={title}
            listHref={listHref}
            codeLabel="工单编号"
            primary={
              upkeep &&
              OPEN_TASK.includes(task.status ?? 0) && (
                <ApplyPartsButton source={{ sourceType: 1, sourceCode: task.code ?? '' }} />
              )
            }
            actions={actions.buttons}
          />
          <OrderFigures
            items={[
              { key: 'items', title: '项目数', value: task.itemCount ?? 0 },
              { key: 'ng', title: 'NG项', value: task.ngItemCount ?? 0 },
              {
                key: 'onTime',
                title: '按时完成',
                value:
                  task.isOnTime === null || task.isOnTime === undefined ? '—' : task.isOnTime ? '是' : '否',
              },
              { key: 'assignees', title: '执行人', value: task.assigneeNames || '—' },
            ]}
          />
          <DetailFields entity={entity} row={task} title="工单信息" omit={APART} />
          <Card variant="borderless">
            <Tabs
              items={[
                {
                  key: 'items',
                  label: '检查项目',
                  children: (
                    <TaskItemsForm
                      key={task.version}
                      items={trace}
                      editing={allowed.includes('finish')}
                      extra={
                        upkeep && (
                          <Form form={partsForm} layout="vertical" initialValues={{ parts: [] }}>
                            <SparePartsEditor />
                          </Form>
                        )
                      }
                      onSubmit={async (items, hasNg) => {
                        const used = upkeep ? partsBody((await partsForm.validateFields()).parts) : [];
                        await call(api.finish, {
                          id: task.id,
                          version: task.version,
                          items,
                          ...(used.length ? { parts: used } : {}),
                        });
                        void message.success(hasNg ? '提交成功，NG 项已生成故障报修' : '提交成功');
                        reload();
                        if (used.length) parts.reload();
                      }}
                    />
                  ),
                },
                ...(upkeep && parts.allowed
                  ? [
                      {
                        key: 'parts',
                        label: '更换备件',
                        children: <PartUsageTable rows={parts.rows} omit={['equipment', 'source']} />,
                      },
                    ]
                  : []),
                logTab(machine, task.id),
              ]}
            />
          </Card>
          {actions.holder}
        </>
      )}
    </Flex>
  );
}

/** /equipment/all-assign/point-bills-detail/:id */
export default function PointBillDetail() {
  return <TaskPage kind={0} />;
}

/** /equipment/all-assign/inspection-bills-detail/:id */
export function InspectionBillDetail() {
  return <TaskPage kind={1} />;
}

/** /equipment/all-assign/maintenance-bills-detail/:id */
export function MaintenanceBillDetail() {
  return <TaskPage kind={2} />;
}
