import { callApi } from '@factory/shared/api/call';
import { callEntity } from '@factory/shared/entities/call';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import type { RowOf } from '@factory/shared/entities/schema';
import { callEscalation, callStatus } from '@factory/shared/enums';
import { callMachine } from '@factory/shared/machines/call';
import { useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Descriptions, Form, Input, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AppDrawer, AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { downloadFile, exportQuery } from '../../platform/list/download.ts';
import { ListPage } from '../../platform/list/ListPage.tsx';
import type { ColumnOverride, ListPageHandle, RowAction, ToolbarAction } from '../../platform/list/types.ts';
import { AuditTimeline, auditQueryKey } from '../../platform/machine/AuditTimeline.tsx';
import { StateTag, stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions } from '../../platform/machine/useMachineActions.tsx';
import { useSession } from '../../platform/session.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import { CallDialog } from './CallDialog.tsx';

type Call = RowOf<typeof callEntity>;

const CALLS = entityEndpoints(callEntity);
/** An andon list is watched: it is asked again this often (the bell brings each new call at once). */
export const CALL_LIST_REFRESH_MS = 15_000;

const shown = (v: unknown) => (v === null || v === undefined || v === '' ? EMPTY_CELL : String(v));

/**
 * /call/search: the calls (呼叫查询), newest first, filtered by type, status, station, line and time,
 * exported; a receiver of a call's type (or a holder of the key) responds and closes it with the
 * result, its caller cancels it while nobody has responded. 新增呼叫 calls for a station from here.
 */
export default function CallSearchList() {
  const { message } = App.useApp();
  const can = usePermission();
  const userId = useSession((s) => s.user?.id);
  const queryClient = useQueryClient();
  const list = useRef<ListPageHandle>(null);
  const [showing, setShowing] = useState<Call>();
  const [closing, setClosing] = useState<Call>();
  const [adding, setAdding] = useState(false);
  const reload = useMemo(
    () => () => {
      list.current?.reload();
      void queryClient.invalidateQueries({ queryKey: ['callOptions'] });
    },
    [queryClient],
  );
  const machine = useMachineActions<Call & { id: number; version: number }, string>(
    callMachine,
    undefined,
    reload,
  );

  useEffect(() => {
    const timer = setInterval(() => list.current?.reload(), CALL_LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const receives = (c: Call) => !!userId && (c.receiverIds ?? []).includes(userId);
  const columns = useMemo<Partial<Record<string, ColumnOverride<Call>>>>(
    () => ({
      ...stateColumns<Call>(callMachine),
      isLate: { render: (v) => (v ? <Tag color="red">超时</Tag> : <Tag>正常</Tag>) },
      // most calls never escalate: only the escalated ones carry a badge
      escalatedLevel: {
        render: (v) => (v ? <StateTag value={v} enumDecl={callEscalation} /> : EMPTY_CELL),
      },
    }),
    [],
  );
  const rowActions: RowAction<Call>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (c) => setShowing(c) },
    {
      key: 'respond',
      label: '响应',
      success: '响应成功',
      visible: (c) => c.status === 0 && (receives(c) || can(callMachine.route, 'Respond')),
      onClick: (c) => call(callApi.respond, { id: c.id, version: c.version ?? 0 }),
    },
    {
      key: 'close',
      label: '关闭',
      visible: (c) =>
        c.status === 1 && (receives(c) || c.responderId === userId || can(callMachine.route, 'Finish')),
      onClick: (c) => setClosing(c),
    },
    ...(machine.rowActions as RowAction<Call>[]),
  ];
  const toolbar: ToolbarAction[] = [
    { key: 'add', label: '新增呼叫', action: 'Add', primary: true, onClick: () => setAdding(true) },
  ];

  return (
    <>
      <ListPage
        ref={list}
        entity={callEntity}
        routeName={callEntity.route}
        endpoint={CALLS.listPage}
        title="呼叫查询"
        columns={columns}
        rowActions={rowActions}
        maxRowActions={3}
        toolbar={toolbar}
        rowStyle={(c) => (c.status === 0 && c.isLate ? { background: '#fff1f0' } : undefined)}
        onExport={async (ctx) =>
          downloadFile(CALLS.export?.path ?? '', { query: await exportQuery(ctx) }, '呼叫列表.xlsx')
        }
      />
      {machine.holder}
      <CallDialog open={adding} onClose={() => setAdding(false)} onCalled={reload} />
      <CloseModal
        call={closing}
        onClose={() => setClosing(undefined)}
        onClosed={() => {
          message.success('关闭成功');
          if (closing)
            void queryClient.invalidateQueries({ queryKey: auditQueryKey(callMachine, closing.id) });
          setClosing(undefined);
          reload();
        }}
      />
      <AppDrawer
        open={!!showing}
        size={640}
        title={showing ? `呼叫详情 — ${showing.code ?? ''}` : '呼叫详情'}
        onClose={() => setShowing(undefined)}
      >
        {showing && <CallDetail c={showing} />}
      </AppDrawer>
    </>
  );
}

/** 关闭: what was done (required); an equipment call of a repair-making type asks whether it stopped. */
function CloseModal({ call: c, onClose, onClosed }: { call?: Call; onClose(): void; onClosed(): void }) {
  const [form] = Form.useForm<{ result: string; isStopped?: boolean }>();
  const { saving, run } = useSubmit();
  const files = !!c?.createsRepairOrder && !!c?.equipmentId;
  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v || !c) return;
    await run(async () => {
      await call(callApi.close, {
        id: c.id,
        version: c.version ?? 0,
        result: v.result.trim(),
        ...(files ? { isStopped: !!v.isStopped } : {}),
      });
      form.resetFields();
      onClosed();
    });
  };
  return (
    <AppModal
      open={!!c}
      title={`关闭呼叫 ${c?.code ?? ''}`}
      width={520}
      okText="关闭呼叫"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
    >
      <Form form={form} layout="vertical" name="closeCallForm">
        <Form.Item
          name="result"
          label="处理结果"
          rules={[{ required: true, whitespace: true, message: '请输入处理结果' }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="请输入处理结果" />
        </Form.Item>
        {files && (
          <>
            <Typography.Paragraph type="secondary">
              该呼叫类型关闭时为设备“{c?.equipmentName}”生成故障报修。
            </Typography.Paragraph>
            <Form.Item name="isStopped" valuePropName="checked">
              <Checkbox>设备已停机</Checkbox>
            </Form.Item>
          </>
        )}
      </Form>
    </AppModal>
  );
}

/** A call's fields and its trail: called, escalated, responded, closed or cancelled, by whom and when. */
function CallDetail({ c }: { c: Call }) {
  return (
    <>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label="呼叫状态">
          <StateTag value={c.status} enumDecl={callStatus} />
        </Descriptions.Item>
        <Descriptions.Item label="呼叫类型">{shown(c.typeName)}</Descriptions.Item>
        <Descriptions.Item label="产线">{shown(c.areaName)}</Descriptions.Item>
        <Descriptions.Item label="工位">{shown(c.stationName)}</Descriptions.Item>
        <Descriptions.Item label="设备">{shown(c.equipmentName)}</Descriptions.Item>
        <Descriptions.Item label="工单">{shown(c.workOrderCode)}</Descriptions.Item>
        <Descriptions.Item label="呼叫人">{shown(c.callerName)}</Descriptions.Item>
        <Descriptions.Item label="呼叫时间">{shown(c.calledAt)}</Descriptions.Item>
        <Descriptions.Item label="响应人">{shown(c.responderName)}</Descriptions.Item>
        <Descriptions.Item label="响应时间">{shown(c.respondedAt)}</Descriptions.Item>
        <Descriptions.Item label="响应用时(分钟)">
          {shown(c.responseMinutes)}
          {c.targetMinutes ? `（时限 ${c.targetMinutes}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="处理用时(分钟)">{shown(c.handlingMinutes)}</Descriptions.Item>
        {!!c.escalatedLevel && (
          <>
            <Descriptions.Item label="升级级别">
              <StateTag value={c.escalatedLevel} enumDecl={callEscalation} />
            </Descriptions.Item>
            <Descriptions.Item label="升级时间">{shown(c.escalatedAt)}</Descriptions.Item>
          </>
        )}
        <Descriptions.Item label="关闭人">{shown(c.closerName)}</Descriptions.Item>
        <Descriptions.Item label="关闭时间">{shown(c.closedAt)}</Descriptions.Item>
        <Descriptions.Item label="呼叫说明" span={2}>
          {shown(c.remark)}
        </Descriptions.Item>
        <Descriptions.Item label="处理结果" span={2}>
          {shown(c.result)}
        </Descriptions.Item>
        {c.repairCode && (
          <Descriptions.Item label="维修单" span={2}>
            {c.repairCode}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        处理记录
      </Typography.Title>
      <AuditTimeline machine={callMachine} id={c.id} />
    </>
  );
}
