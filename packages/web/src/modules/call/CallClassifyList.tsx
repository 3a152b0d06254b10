import type { RowSchema } from '@factory/shared/api/list';
import { userApi } from '@factory/shared/api/user';
import { callTypeEntity } from '@factory/shared/entities/call';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import type { RowOf } from '@factory/shared/entities/schema';
import { userGroupEntity } from '@factory/shared/entities/setting';
import { Col, Form } from 'antd';
import { useMemo } from 'react';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { NameTags } from '../../platform/list/columns.tsx';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import type { ColumnOverride } from '../../platform/list/types.ts';
import { EscalationLevels, levelsOf } from './EscalationLevels.tsx';

type CallType = RowOf<typeof callTypeEntity>;

/** Who a type calls, by kind: the select call and the row's ids and names (same order). */
const RECEIVERS = [
  { ids: 'receiverUserIds', names: 'receiverUserNames', label: '接收人', endpoint: userApi.select },
  {
    ids: 'receiverGroupIds',
    names: 'receiverGroupNames',
    label: '接收用户组',
    endpoint: entityEndpoints(userGroupEntity).list,
  },
] as const;

const known = (r: CallType | undefined, t: (typeof RECEIVERS)[number]) => {
  const names = r?.[t.names]?.split('、') ?? [];
  return (r?.[t.ids] ?? []).map((value, i) => ({ value, label: names[i] ?? String(value) }));
};

const NO_RECEIVERS = { receiverUserIds: [], receiverGroupIds: [], escalation: [], createsRepairOrder: false };

/**
 * /call/classify: the call types (呼叫类型) — what a station may call for, who is told (users and
 * the members of user groups, at least one), the target response time, who else is told while
 * nobody responds (升级规则), and whether closing an equipment call files a fault report.
 * 启用/停用 decides what the terminals offer.
 */
export default function CallClassifyList() {
  const columns = useMemo<Partial<Record<string, ColumnOverride<CallType>>>>(
    () => ({
      receiverUserNames: { ellipsis: false, render: (v) => <NameTags value={v} /> },
      receiverGroupNames: { ellipsis: false, render: (v) => <NameTags value={v} /> },
      escalationText: { ellipsis: false },
      createsRepairOrder: { render: (v) => (v ? '是' : '否') },
    }),
    [],
  );
  return (
    <CrudPage
      entity={callTypeEntity}
      suggestCode
      columns={columns}
      formItems={(r) => [
        ...RECEIVERS.map((t) => (
          <Col xs={24} md={12} key={t.ids}>
            <Form.Item
              name={t.ids}
              label={t.label}
              extra={
                t.ids === 'receiverUserIds' ? '接收人、接收用户组至少选择一项；呼叫时实时通知' : undefined
              }
            >
              <RemoteSelect<RowSchema>
                endpoint={t.endpoint}
                mode="multiple"
                placeholder={`请选择${t.label}`}
                knownOptions={known(r, t)}
                allowClear
              />
            </Form.Item>
          </Col>
        )),
        <EscalationLevels key="escalation" row={r} />,
      ]}
      formValues={(r) => ({
        receiverUserIds: r.receiverUserIds,
        receiverGroupIds: r.receiverGroupIds,
        escalation: levelsOf(r),
      })}
      addValues={NO_RECEIVERS}
    />
  );
}
