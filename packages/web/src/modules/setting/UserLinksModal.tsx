import type { Endpoint } from '@factory/shared/api/contract';
import { myEquipmentApi } from '@factory/shared/api/equipment';
import { stationApi } from '@factory/shared/api/information';
import type { SelectEndpoint } from '@factory/shared/api/list';
import { userApi } from '@factory/shared/api/user';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { equipmentEntity } from '@factory/shared/entities/equipment';
import { stationEntity } from '@factory/shared/entities/information';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Skeleton } from 'antd';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { listQueryKey } from '../../platform/list/useListQuery.ts';
import { useSubmit } from '../../platform/useSubmit.ts';

/** What a user is linked to and how the links are read and replaced. */
export interface UserLinks {
  /** Dialog title and success wording: 设置工位. */
  title: string;
  label: string;
  extra: string;
  placeholder: string;
  /** The select list offering the choices (get<Entity>List). */
  options: SelectEndpoint;
  /** The user's current ones. */
  current(userId: number, signal: AbortSignal): Promise<Linked[]>;
  save(userId: number, ids: number[]): Promise<unknown>;
  /** Lists whose rows show these links, refreshed after a save. */
  shownIn?: readonly Endpoint[];
}

/** 设置工位: the stations a user may work at (spec 001 §7.4 updateOneStation). */
export const stationLinks: UserLinks = {
  title: '设置工位',
  label: '可在工位',
  // the server keeps the current station when it is still among them, else takes the first
  extra: '该用户报工、切换工位时可选的工位',
  placeholder: '请选择工位',
  options: entityEndpoints(stationEntity).list,
  current: (userId, signal) => call(stationApi.byUser, { userId }, { signal }),
  save: (id, stationIds) => call(userApi.setStations, { id, stationIds }),
};

/** 设置设备: the user's My equipment list (spec 000 §7 updateEquipmentList), replaced as a whole. */
export const equipmentLinks: UserLinks = {
  title: '设置设备',
  label: '负责设备',
  extra: '出现在该用户的“我的设备”中；其开启“仅显示我的设备”时，设备台账只列出这些设备',
  placeholder: '请选择设备',
  options: entityEndpoints(equipmentEntity).list,
  current: (userId, signal) => call(myEquipmentApi.byUser, { userId }, { signal }),
  save: (userId, ids) => call(myEquipmentApi.setForUser, { query: { userId }, body: ids }),
  shownIn: [entityEndpoints(equipmentEntity).listPage],
};

interface Linked {
  id: number;
  name: string | null;
}

/**
 * The dialog of 设置工位 and 设置设备 on the users screen and a role's users: a multiple remote
 * select holding the user's current ones; saving replaces them.
 */
export default function UserLinksModal({
  links,
  user,
  onClose,
  onSaved,
}: {
  links: UserLinks;
  user?: { id: number; name: string };
  onClose(): void;
  onSaved(): void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ ids: number[] }>();
  const { saving, run } = useSubmit();
  const current = useQuery({
    queryKey: ['userLinks', links.title, user?.id],
    queryFn: user ? ({ signal }) => links.current(user.id, signal) : skipToken,
    staleTime: 0,
  });

  const save = async () => {
    if (!user) return;
    await run(async () => {
      await links.save(user.id, form.getFieldValue('ids') ?? []);
      message.success('设置成功');
      for (const list of links.shownIn ?? []) void client.invalidateQueries({ queryKey: listQueryKey(list) });
      onSaved();
    });
  };

  return (
    <AppModal
      open={!!user}
      width={640}
      title={user ? `${links.title} — ${user.name}` : links.title}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: !current.data }}
      onOk={save}
      onCancel={onClose}
    >
      {current.data ? (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ ids: current.data.map((s) => s.id) }}
          style={{ marginTop: 16 }}
        >
          <Form.Item name="ids" label={links.label} extra={links.extra}>
            <RemoteSelect
              endpoint={links.options}
              mode="multiple"
              placeholder={links.placeholder}
              knownOptions={current.data.map((s) => ({ value: s.id, label: s.name ?? String(s.id) }))}
              allowClear
            />
          </Form.Item>
        </Form>
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} style={{ marginTop: 16 }} />
      )}
    </AppModal>
  );
}
