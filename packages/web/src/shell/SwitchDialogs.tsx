import { EnvironmentOutlined, ScheduleOutlined } from '@ant-design/icons';
import { stationApi } from '@factory/shared/api/information';
import type { FilterItem } from '@factory/shared/api/list';
import { switchingApi } from '@factory/shared/api/switching';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { stationEntity } from '@factory/shared/entities/information';
import type { RowOf } from '@factory/shared/entities/schema';
import { frequencyEntity, shiftSpan } from '@factory/shared/entities/setting';
import { skipToken, useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Form, type FormInstance, Select, type SelectProps, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { AppModal } from '../platform/AppModal.tsx';
import { call, client } from '../platform/call.ts';
import { showFieldErrors } from '../platform/list/formRules.ts';
import { RemoteSelect } from '../platform/list/RemoteSelect.tsx';
import { useSession } from '../platform/session.ts';
import { useSubmit } from '../platform/useSubmit.ts';
import s from './SwitchDialogs.module.css';

/**
 * Shift and station switching (spec 000 §2 Switch dialogs, §7 Switching): the header's dialogs and
 * the self-centre's switch-shift page share the selects, the call and the session update here.
 */
export type SwitchKind = 'shift' | 'station';

const TEXT: Record<SwitchKind, { title: string; label: string; placeholder: string; field: string }> = {
  shift: { title: '切换班次', label: '班次', placeholder: '请选择班次', field: 'frequencyId' },
  station: { title: '切换工位', label: '工位', placeholder: '请选择工位', field: 'stationId' },
};

/** Only enabled shifts are offered (spec 000 §7: the shift list filters isEnabled eq 1). */
const ENABLED: readonly FilterItem[] = [{ fieldName: 'isEnabled', operator: 'eq', fieldValue: 1 }];
const SHIFT_LIST = entityEndpoints(frequencyEntity).list;
const STATION_LIST = entityEndpoints(stationEntity).list;
const switching = client(switchingApi);

type ShiftRow = RowOf<typeof frequencyEntity>;
type StationRow = RowOf<typeof stationEntity>;

/** “08:00–16:00”, with 次日 when the shift ends the next day; nothing when a time is missing. */
export const shiftHours = ({ startTime, endTime }: Pick<ShiftRow, 'startTime' | 'endTime'>) =>
  startTime && endTime
    ? `${startTime}–${shiftSpan(startTime, endTime)?.overnight ? '次日' : ''}${endTime}`
    : null;

function OptionLine({ name, note }: { name: string; note?: string | null }) {
  return (
    <Flex justify="space-between" gap={12}>
      <span>{name}</span>
      {note && <Typography.Text type="secondary">{note}</Typography.Text>}
    </Flex>
  );
}

function ShiftSelect(props: SelectProps) {
  const user = useSession((st) => st.user);
  return (
    <RemoteSelect
      {...props}
      endpoint={SHIFT_LIST}
      filters={ENABLED}
      knownOptions={
        user?.frequencyId && user.frequencyName
          ? [{ value: user.frequencyId, label: user.frequencyName }]
          : undefined
      }
      optionRender={(o) => <OptionLine name={String(o.label)} note={o.data.row && shiftHours(o.data.row)} />}
    />
  );
}

/** The user's own stations when some are assigned (only those may be chosen), else every station. */
function StationSelect(props: SelectProps) {
  const user = useSession((st) => st.user);
  const mine = useQuery({
    queryKey: ['stationsOfUser', user?.id],
    queryFn: user ? ({ signal }) => call(stationApi.byUser, { userId: user.id }, { signal }) : skipToken,
    staleTime: 0,
  });
  const known =
    user?.stationId && user.stationName ? [{ value: user.stationId, label: user.stationName }] : undefined;
  // the options of both selects carry station rows (the user's own, or the list's)
  const render = (o: { label?: ReactNode; data: { row?: StationRow } }) => (
    <OptionLine name={String(o.label)} note={o.data.row?.areaName ?? o.data.row?.code} />
  );
  if (mine.isPending) return <Select {...props} loading disabled />;
  if (mine.data?.length)
    return (
      <Select
        {...props}
        showSearch={{ optionFilterProp: 'label' }}
        options={mine.data.map((r) => ({ value: r.id, label: r.name ?? String(r.id), row: r }))}
        optionRender={render}
      />
    );
  return <RemoteSelect {...props} endpoint={STATION_LIST} knownOptions={known} optionRender={render} />;
}

/** The form state of one switch: saving it calls the spec's call and updates the header at once. */
export function useSwitch(kind: SwitchKind, onDone?: () => void) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, number>>();
  const { saving, run } = useSubmit();
  const submit = async (values: Record<string, number>) => {
    const user = useSession.getState().user;
    if (!user) return;
    await run(async () => {
      try {
        const now =
          kind === 'shift'
            ? await switching.shift({
                id: user.id,
                userName: user.userName,
                frequencyId: values.frequencyId,
              })
            : await switching.station({
                id: user.id,
                stationId: values.stationId,
              });
        // the store's latest user: nothing else of it changed meanwhile is lost
        const latest = useSession.getState().user;
        if (latest) useSession.getState().setUser({ ...latest, ...now });
        message.success('切换成功');
        onDone?.();
      } catch (err) {
        showFieldErrors(form, err, [TEXT[kind].field]);
        throw err;
      }
    });
  };
  return { form, saving, submit };
}

export type SwitchState = ReturnType<typeof useSwitch>;

/** The one required select of a switch, starting from the current shift or station. */
export function SwitchForm({
  kind,
  state,
  children,
}: {
  kind: SwitchKind;
  state: SwitchState;
  children?: ReactNode;
}) {
  const user = useSession((st) => st.user);
  const t = TEXT[kind];
  const current = kind === 'shift' ? user?.frequencyId : user?.stationId;
  return (
    <Form
      form={state.form as FormInstance}
      name={`${kind}Switch`}
      layout="vertical"
      initialValues={current ? { [t.field]: current } : undefined}
      onFinish={state.submit}
    >
      <Form.Item name={t.field} label={t.label} rules={[{ required: true, message: t.placeholder }]}>
        {kind === 'shift' ? (
          <ShiftSelect placeholder={t.placeholder} />
        ) : (
          <StationSelect placeholder={t.placeholder} />
        )}
      </Form.Item>
      {children}
    </Form>
  );
}

/** The 切换班次 / 切换工位 dialog of the user menu; `kind` undefined closes it. */
export function SwitchDialog({ kind, onClose }: { kind?: SwitchKind; onClose(): void }) {
  // the last kind stays while the dialog closes, so its title does not change under the animation
  const [shown, setShown] = useState<SwitchKind>(kind ?? 'shift');
  if (kind && kind !== shown) setShown(kind);
  return (
    <AppModal
      open={kind !== undefined}
      title={TEXT[shown].title}
      width={440}
      footer={null}
      onCancel={onClose}
    >
      <SwitchDialogBody key={shown} kind={shown} onClose={onClose} />
    </AppModal>
  );
}

/** Mounted per opening (AppModal unmounts a closed dialog's body), so each starts from the current value. */
function SwitchDialogBody({ kind, onClose }: { kind: SwitchKind; onClose(): void }) {
  const state = useSwitch(kind, onClose);
  return (
    <SwitchForm kind={kind} state={state}>
      <Flex justify="flex-end" gap={8} style={{ marginTop: 8 }}>
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" htmlType="submit" loading={state.saving}>
          确定
        </Button>
      </Flex>
    </SwitchForm>
  );
}

/** 班次 and 工位 now, as the header and the dropdown card show them. */
export function CurrentPost({ compact }: { compact?: boolean }) {
  const user = useSession((st) => st.user);
  if (!user) return null;
  if (compact) {
    const parts = [user.frequencyName, user.stationName].filter(Boolean);
    return parts.length ? (
      <span
        className={s.tag}
        title={`当前班次：${user.frequencyName ?? '未选择'}；当前工位：${user.stationName ?? '未选择'}`}
      >
        {parts.join(' · ')}
      </span>
    ) : null;
  }
  return (
    <div className={s.post}>
      <span>
        <ScheduleOutlined /> 班次：<b data-testid="current-shift">{user.frequencyName ?? '未选择'}</b>
      </span>
      <span>
        <EnvironmentOutlined /> 工位：<b data-testid="current-station">{user.stationName ?? '未选择'}</b>
      </span>
    </div>
  );
}
