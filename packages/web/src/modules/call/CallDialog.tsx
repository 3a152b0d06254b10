import { type CallOptions, callApi, type OpenCall } from '@factory/shared/api/call';
import type { BodyOf } from '@factory/shared/api/contract';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { stationEntity } from '@factory/shared/entities/information';
import { callStatus } from '@factory/shared/enums';
import { callMachine } from '@factory/shared/machines/call';
import { machineEndpoints } from '@factory/shared/machines/endpoints';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { StateTag } from '../../platform/machine/StateTags.tsx';
import { useSession } from '../../platform/session.ts';
import { useSubmit } from '../../platform/useSubmit.ts';

const { Text } = Typography;
const CANCEL = machineEndpoints(callMachine).actions.cancel;
const STATIONS = entityEndpoints(stationEntity).list;

interface Values {
  stationId?: number;
  typeId?: number;
  equipmentId?: number;
  remark?: string;
}

/** The query key of a station's call options, so a call or a cancel elsewhere refreshes them. */
export const callOptionsKey = (stationId: number | undefined) => ['callOptions', stationId ?? 0];

/**
 * 呼叫: choose what the station needs (the enabled call types as large buttons), optionally the
 * machine and a word of explanation, and call; the receivers are told at once. Shows the station's
 * open calls, and lets their caller cancel one nobody has responded to yet. Opened from the station
 * terminal (its station fixed) or from the call list (the station chosen here).
 */
export function CallDialog({
  open,
  stationId: fixed,
  onClose,
  onCalled,
}: {
  open: boolean;
  stationId?: number;
  onClose(): void;
  onCalled?(): void;
}) {
  const { message } = App.useApp();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  const [chosen, setChosen] = useState<number>();
  const stationId = fixed ?? chosen;
  const { saving, run } = useSubmit();
  const options = useQuery({
    queryKey: callOptionsKey(stationId),
    queryFn: ({ signal }) => call(callApi.options, { stationId: stationId ?? 0 }, { signal }),
    enabled: open && !!stationId,
    staleTime: 0,
  });
  const data: CallOptions | undefined = options.data;

  const close = () => {
    form.resetFields();
    setChosen(undefined);
    onClose();
  };
  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v || !stationId || !v.typeId) return;
    await run(async () => {
      const made = await call(callApi.add, {
        typeId: v.typeId as number,
        stationId,
        ...(v.equipmentId ? { equipmentId: v.equipmentId } : {}),
        ...(v.remark?.trim() ? { remark: v.remark.trim() } : {}),
      });
      message.success(`呼叫成功，单号 ${made.code}，已通知接收人`);
      onCalled?.();
      close();
    });
  };
  const cancel = async (c: OpenCall) => {
    await run(async () => {
      await call(CANCEL, { id: c.id, version: c.version } as BodyOf<typeof CANCEL>);
      message.success('取消成功');
      onCalled?.();
      await options.refetch();
    });
  };

  return (
    <AppModal
      open={open}
      title="呼叫"
      width={640}
      okText="呼叫"
      cancelText="关闭"
      confirmLoading={saving}
      onOk={submit}
      onCancel={close}
    >
      <Form form={form} layout="vertical" name="callForm">
        {!fixed && (
          <Form.Item name="stationId" label="工位" rules={[{ required: true, message: '请选择工位' }]}>
            <RemoteSelect
              endpoint={STATIONS}
              placeholder="请选择工位"
              onChange={(v) => setChosen(v as number)}
            />
          </Form.Item>
        )}
        <Form.Item name="typeId" label="呼叫类型" rules={[{ required: true, message: '请选择呼叫类型' }]}>
          {data?.types.length === 0 ? (
            <Text type="secondary">暂无启用的呼叫类型，请联系管理员在“呼叫类型”中设置</Text>
          ) : (
            <Radio.Group buttonStyle="solid" size="large">
              <Flex gap={8} wrap>
                {(data?.types ?? []).map((t) => (
                  <Radio.Button key={t.id} value={t.id} style={{ minWidth: 96, textAlign: 'center' }}>
                    {t.name}
                  </Radio.Button>
                ))}
              </Flex>
            </Radio.Group>
          )}
        </Form.Item>
        <Form.Item name="equipmentId" label="设备" extra="设备呼叫请选择出问题的设备，可不填">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="请选择设备"
            options={(data?.equipment ?? []).map((e) => ({ value: e.id, label: `${e.name}（${e.code}）` }))}
          />
        </Form.Item>
        <Form.Item name="remark" label="呼叫说明">
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="简要说明需要什么帮助，可不填" />
        </Form.Item>
      </Form>
      <Text strong>本工位未关闭的呼叫</Text>
      {data?.open.length ? (
        <Flex vertical gap={8} style={{ marginTop: 8 }}>
          {data.open.map((c) => (
            <Flex key={c.id} align="center" gap={12} wrap>
              <StateTag value={c.status} enumDecl={callStatus} />
              <Text>{c.typeName}</Text>
              <Text type="secondary">
                {c.code} · {c.callerName} · {c.calledAt}
                {c.responderName ? ` · 响应人 ${c.responderName}` : ''}
              </Text>
              {c.status === 0 && c.callerId === user?.id && (
                <Button size="small" danger disabled={saving} onClick={() => void cancel(c)}>
                  取消呼叫
                </Button>
              )}
            </Flex>
          ))}
        </Flex>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={stationId ? '暂无' : '请先选择工位'} />
      )}
    </AppModal>
  );
}
