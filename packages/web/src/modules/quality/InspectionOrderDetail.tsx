import { CheckOutlined, SaveOutlined } from '@ant-design/icons';
import type { BodyOf } from '@factory/shared/api/contract';
import { type InspectionSheet, MAX_RESULT_CELLS, qualityApi } from '@factory/shared/api/quality';
import { qualityInspectionOrderEntity } from '@factory/shared/entities/quality';
import { inspectionVerdict } from '@factory/shared/enums';
import { machineEndpoints } from '@factory/shared/machines/endpoints';
import { inspectionOrderMachine } from '@factory/shared/machines/quality';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Flex, Row, Skeleton, Statistic, Tabs, Typography } from 'antd';
import { Children, isValidElement, type ReactNode, useMemo, useRef, useState } from 'react';
import { call } from '../../platform/call.ts';
import { DetailFields } from '../../platform/DetailFields.tsx';
import { CodeText, DetailHeader } from '../../platform/DetailHeader.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import type { DocLine } from '../../platform/lines/declaredColumns.tsx';
import type { LinesEditorHandle } from '../../platform/lines/LinesEditor.tsx';
import { serverLineErrors } from '../../platform/lines/lines.ts';
import { formatNumber } from '../../platform/list/format.ts';
import { listQueryKey } from '../../platform/list/useListQuery.ts';
import { auditQueryKey } from '../../platform/machine/AuditTimeline.tsx';
import { StateTags } from '../../platform/machine/StateTags.tsx';
import { logTab, OrderNotFound, useOrderDetail } from '../../platform/OrderDetail.tsx';
import { ApiError } from '../../platform/request.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import {
  type InspectionOrder,
  ORDER_LIST_HREF,
  ORDERS,
  useOfferedOnOrder,
  VerdictTag,
} from './InspectionOrderList.tsx';
import {
  type Cell,
  changedCells,
  DefectLines,
  defectColumns,
  defectLinesOf,
  defectsBody,
  type Edits,
  fillOk,
  SheetTable,
  savedCells,
} from './InspectionSheet.tsx';

const { Text } = Typography;
const TITLE = '质检单';
const MACHINE = inspectionOrderMachine;
const SUBMIT = machineEndpoints(MACHINE).actions.submit;
/** The server's refusal of a submit with a result missing names the sample: '…样本12的“外径”尚未录入结果'. */
const MISSING = /样本(\d+)的“/;
/** Shown in the head, the figures or the sheet rather than among the plain fields. */
const APART = [
  'code',
  'status',
  'verdict',
  'lotQuantity',
  'sampleQuantity',
  'acceptNumber',
  'rejectNumber',
  'ngQuantity',
  'rejectedQuantity',
];
/** Submitted and later: the verdict stands (until sent back). */
const JUDGED = 3;
const PENDING = 1;
const INSPECTING = 2;
const VERDICT_COLORS = ['#389e0d', '#cf1322'];

type Order = InspectionOrder & { version: number };
/** What the page shows of the machine's actions (`useMachineActions`). */
interface Actions {
  buttons: ReactNode;
  holder: ReactNode;
  held: { action: string; why: string }[];
}

/** Lot, sample size and Ac/Re, the NG samples, and the verdict once submitted (合格 green, 不合格 red). */
function Figures({ order }: { order: Order }) {
  const judged = (order.status ?? 0) >= JUDGED && order.verdict !== null && order.verdict !== undefined;
  const items: { key: string; title: string; value: string; color?: string }[] = [
    { key: 'lot', title: '批量', value: formatNumber(order.lotQuantity) },
    { key: 'n', title: '样本量', value: formatNumber(order.sampleQuantity) },
    { key: 'acre', title: 'Ac / Re', value: `${order.acceptNumber ?? '—'} / ${order.rejectNumber ?? '—'}` },
    {
      key: 'ng',
      title: '不合格数',
      value: formatNumber(order.ngQuantity ?? 0),
      color: (order.ngQuantity ?? 0) > 0 ? VERDICT_COLORS[1] : undefined,
    },
    {
      key: 'verdict',
      title: '判定',
      value: judged ? inspectionVerdict.label(order.verdict) : '待判定',
      color: judged ? VERDICT_COLORS[order.verdict as number] : '#8c8c8c',
    },
  ];
  return (
    <Card variant="borderless">
      <Row gutter={24}>
        {items.map((f) => (
          <Col key={f.key} xs={12} md={f.key === 'verdict' ? 4 : 5}>
            <Statistic
              title={f.title}
              value={f.value}
              styles={{ content: { color: f.color, fontWeight: f.key === 'verdict' ? 600 : undefined } }}
            />
          </Col>
        ))}
      </Row>
      {judged && (
        <Flex gap={16} wrap>
          {order.verdict === 1 && order.rejectedQuantity ? (
            <Text type="danger">不合格批量 {formatNumber(order.rejectedQuantity)}</Text>
          ) : null}
          <Text type="secondary">{order.effective ? '检验结论已生效' : '检验结论待审核（批准）后生效'}</Text>
        </Flex>
      )}
    </Card>
  );
}

/** The machine's buttons but its 提交, which the page replaces with one that saves first. */
const withoutSubmit = (buttons: ReactNode) =>
  Children.toArray(buttons).filter((b) => !(isValidElement(b) && String(b.key).includes('machine-submit')));

/**
 * The order below its loading state: the head with its states and actions, the figures, the
 * facts, and the inspection sheet, defects and trail in tabs. The results typed and the defects
 * edited stay here until 保存 (or 提交, which saves them first) sends them in one 录入结果.
 */
function OrderPage({
  order,
  sheet,
  actions,
  editable,
}: {
  order: Order;
  sheet: InspectionSheet | undefined;
  actions: Actions;
  editable: boolean;
}) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const { saving, run } = useSubmit();
  const [tab, setTab] = useState('sheet');
  const [edits, setEdits] = useState<Edits>({});
  const [defectDraft, setDefectDraft] = useState<DocLine[]>();
  const [problem, setProblem] = useState<{ message: string; sampleNo: number; at: number }>();
  const defectRef = useRef<LinesEditorHandle>(null);
  const defectCols = useMemo(defectColumns, []);

  const items = sheet?.items ?? [];
  const saved = useMemo(() => savedCells(sheet?.results ?? []), [sheet]);
  const changes = useMemo(() => changedCells(items, saved, edits), [items, saved, edits]);
  const savedDefects = useMemo(() => defectLinesOf(sheet?.defects ?? []), [sheet]);
  const defectLines = defectDraft ?? savedDefects;
  const defectsDirty =
    defectDraft !== undefined &&
    JSON.stringify(defectsBody(defectDraft)) !== JSON.stringify(defectsBody(savedDefects));
  const dirty = changes.length > 0 || defectsDirty;
  const hasOkNg = items.some((i) => i.valueType === 0);

  // the order, its sheet, its trail and the list all change with a save or an action
  const refresh = () =>
    Promise.all(
      [
        [ORDERS.detail.path, order.id],
        [qualityApi.sheet.path, order.id],
        auditQueryKey(MACHINE, order.id),
        listQueryKey(ORDERS.listPage),
      ].map((queryKey) => client.invalidateQueries({ queryKey })),
    );
  const clear = () => {
    setEdits({});
    setDefectDraft(undefined);
  };

  /**
   * 录入结果 with what changed (in calls of at most MAX_RESULT_CELLS cells, each with the version the
   * last answered; the defects with the first); answers the order's new version, or nothing when a
   * defect line is to be fixed (said).
   */
  const record = async (): Promise<number | undefined> => {
    if (defectDraft && defectsDirty && !(defectRef.current?.validate() ?? true)) {
      setTab('defects');
      message.error('不良明细中有需要修改的内容，请按提示修改');
      return undefined;
    }
    let version = order.version;
    let sent = 0;
    try {
      do {
        const r = await call(qualityApi.record, {
          id: order.id,
          version,
          results: changes.slice(sent, sent + MAX_RESULT_CELLS),
          ...(sent === 0 && defectDraft && defectsDirty ? { defects: defectsBody(defectDraft) } : {}),
        });
        version = r.version;
        sent += MAX_RESULT_CELLS;
      } while (sent < changes.length);
      return version;
    } catch (err) {
      // what the earlier calls saved is read back, so it is no longer a change to send
      if (sent > 0) await refresh();
      if (err instanceof ApiError) {
        const found = serverLineErrors(err.fields, 'defects', defectCols);
        if (found.length) {
          setTab('defects');
          defectRef.current?.showErrors(found);
        }
      }
      throw err;
    }
  };

  const save = () =>
    run(async () => {
      if ((await record()) === undefined) return;
      message.success('保存成功');
      setProblem(undefined);
      await refresh();
      clear();
    });

  const submit = () =>
    modal.confirm({
      title: '提示',
      content: MACHINE.actions.submit.confirm,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        void run(async () => {
          let version = order.version;
          let recorded = false;
          try {
            if (dirty) {
              const next = await record();
              if (next === undefined) return;
              version = next;
              recorded = true;
            }
            // 提交 asks no reason: its body is the id and the version
            await call(SUBMIT, { id: order.id, version } as BodyOf<typeof SUBMIT>);
            message.success('提交成功');
            setProblem(undefined);
            await refresh();
            clear();
          } catch (err) {
            if (err instanceof ApiError) {
              // what was saved stays saved; the sheet shows where a result is missing
              const m = MISSING.exec(err.message);
              if (m) {
                setTab('sheet');
                setProblem({ message: err.message, sampleNo: Number(m[1]), at: Date.now() });
              }
              if (recorded) {
                await refresh();
                clear();
              }
            }
            throw err;
          }
        }),
    });

  const allOk = () => {
    const r = fillOk(items, sheet?.sampleQuantity ?? 0, saved, edits);
    if (!r.filled) message.info('没有未判定的OK/NG项目');
    else {
      setEdits(r.edits);
      message.success(`已将 ${r.filled} 项判定为OK，保存后生效`);
    }
  };

  const submitButton = (primary: boolean) => (
    <Button
      key="submit"
      type={primary ? 'primary' : 'default'}
      loading={saving}
      disabled={order.status !== INSPECTING && !dirty}
      onClick={submit}
    >
      {MACHINE.actions.submit.label}
    </Button>
  );

  const sheetTools = editable ? (
    <Flex gap={8} wrap>
      {hasOkNg && (
        <Button icon={<CheckOutlined />} onClick={allOk} disabled={saving}>
          全部判定OK
        </Button>
      )}
      <Button icon={<SaveOutlined />} loading={saving} disabled={!dirty} onClick={() => void save()}>
        保存{changes.length ? `（${changes.length}）` : ''}
      </Button>
      {submitButton(true)}
    </Flex>
  ) : null;

  const n = order.sampleQuantity ?? 0;
  return (
    <>
      <DetailHeader
        backTo={ORDER_LIST_HREF}
        backLabel={`返回${TITLE}`}
        title={TITLE}
        extra={
          <Flex gap={8} align="center" wrap>
            <CodeText label="质检单号" code={order.code ?? ''} />
            {actions.held.map((h) => (
              <Text key={h.action} type="secondary">
                {h.why}
              </Text>
            ))}
            {dirty && <Text type="warning">有未保存的检验结果</Text>}
            {editable ? [submitButton(false), ...withoutSubmit(actions.buttons)] : actions.buttons}
          </Flex>
        }
      >
        <StateTags machine={MACHINE} row={order} />
        {order.verdict !== null && order.verdict !== undefined && <VerdictTag value={order.verdict} />}
      </DetailHeader>
      <Figures order={order} />
      <DetailFields entity={qualityInspectionOrderEntity} row={order} title="质检信息" omit={APART} />
      <Card variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          tabBarExtraContent={tab === 'log' ? null : sheetTools}
          items={[
            {
              key: 'sheet',
              label: '检验记录',
              children: !sheet ? (
                <Skeleton active paragraph={{ rows: 6 }} />
              ) : (
                <Flex vertical gap={12}>
                  <Text>
                    样本量 {n}，Ac {order.acceptNumber ?? '—'} / Re {order.rejectNumber ?? '—'}
                    <Text type="secondary">
                      （样本中不合格品数 ≤ Ac 判合格，≥ Re 判不合格；有致命缺陷判不合格）
                    </Text>
                  </Text>
                  {order.status === PENDING && editable && (
                    <Text type="secondary">录入并保存第一个结果后，质检单转为检验中。</Text>
                  )}
                  {problem && (
                    <Alert
                      type="error"
                      showIcon
                      title={problem.message}
                      closable={{ onClose: () => setProblem(undefined) }}
                    />
                  )}
                  <SheetTable
                    sheet={sheet}
                    saved={saved}
                    edits={edits}
                    editable={editable}
                    jumpTo={problem}
                    onEdit={(key: string, cell: Cell) => setEdits((e) => ({ ...e, [key]: cell }))}
                  />
                </Flex>
              ),
            },
            {
              key: 'defects',
              label: `不良明细（${defectLines.length}）`,
              children: !sheet ? (
                <Skeleton active paragraph={{ rows: 3 }} />
              ) : (
                <DefectLines
                  rows={sheet.defects}
                  lines={defectLines}
                  onChange={setDefectDraft}
                  columns={defectCols}
                  editable={editable}
                  editorRef={defectRef}
                />
              ),
            },
            logTab(MACHINE, order.id),
          ]}
        />
      </Card>
      {actions.holder}
    </>
  );
}

/**
 * /quality/quality-infos/quality-inspection-order-detail/:id: an inspection order — its state,
 * verdict and the actions allowed now (提交, 审核, 批准, 退回 with a reason), its lot and sampling
 * (样本量 n，Ac / Re), the inspection sheet where results are entered per sample and item and the
 * defects found, and its trail.
 */
export default function InspectionOrderDetail() {
  const offered = useOfferedOnOrder();
  const { valid, query, order, trace, actions, allowed } = useOrderDetail(
    MACHINE,
    ORDERS.detail,
    qualityApi.sheet,
    offered,
  );
  if (!valid) return <OrderNotFound title={TITLE} listHref={ORDER_LIST_HREF} />;
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title={TITLE} />
      {order && (
        <OrderPage
          order={order as Order}
          sheet={trace}
          actions={actions}
          editable={allowed.includes('record')}
        />
      )}
    </Flex>
  );
}
