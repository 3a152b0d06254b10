import { entityPaths } from '@factory/shared/entities/define';
import { stationEntity } from '@factory/shared/entities/information';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Skeleton } from 'antd';
import { useState } from 'react';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { api } from '../../platform/request.ts';
import { AppModal } from '../../shell/AppModal.tsx';

const STATIONS = entityPaths(stationEntity);
const BY_USER = `${stationEntity.api?.base}getStationListByUserId`;

interface Station {
  id: number;
  code: string;
  name: string;
}

/**
 * 设置工位: the stations a user may work at (spec 001 §7.4 updateOneStation). Their current station
 * stays when it is still among them; the server picks the first otherwise.
 */
export default function UserStationModal({
  user,
  onClose,
  onSaved,
}: {
  user?: { id: number; name: string };
  onClose(): void;
  onSaved(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ stationIds: number[] }>();
  const [saving, setSaving] = useState(false);
  const current = useQuery({
    queryKey: [BY_USER, user?.id],
    queryFn: ({ signal }) => api.get<Station[]>(BY_USER, { userId: user?.id }, { signal }),
    enabled: !!user,
    staleTime: 0,
  });

  const save = async () => {
    if (!user) return;
    setSaving(true);
    try {
      await api.put('authority/private/user/updateOneStation', {
        id: user.id,
        stationIds: form.getFieldValue('stationIds') ?? [],
      });
      message.success('设置成功');
      onSaved();
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppModal
      open={!!user}
      width={640}
      title={user ? `设置工位 — ${user.name}` : '设置工位'}
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
          initialValues={{ stationIds: current.data.map((s) => s.id) }}
          style={{ marginTop: 16 }}
        >
          <Form.Item name="stationIds" label="可在工位" extra="该用户报工、切换工位时可选的工位">
            <RemoteSelect
              url={STATIONS.list}
              mode="multiple"
              placeholder="请选择工位"
              knownOptions={current.data.map((s) => ({ value: s.id, label: s.name }))}
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
