import { notificationRuleEntity } from '@factory/shared/entities/notification';
import { Col, Form, Typography } from 'antd';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';

type Rule = {
  id: number;
  userIds: number[];
  roleIds: number[];
  groupIds: number[];
  userNames: string;
  roleNames: string;
  groupNames: string;
} & Record<string, unknown>;

/** Who a rule notifies, by kind: the select's url and the row's ids and names (same order). */
const TARGETS = [
  { ids: 'userIds', names: 'userNames', label: '通知用户', url: 'authority/private/user/getUserList' },
  { ids: 'roleIds', names: 'roleNames', label: '通知角色', url: 'authority/private/role/getRoleList' },
  {
    ids: 'groupIds',
    names: 'groupNames',
    label: '通知用户组',
    url: 'basicData/settings/private/userGroup/getUserGroupList',
  },
] as const;

const known = (r: Rule | undefined, t: (typeof TARGETS)[number]) => {
  const names = r?.[t.names] ? r[t.names].split('、') : [];
  return (r?.[t.ids] ?? []).map((value, i) => ({ value, label: names[i] ?? String(value) }));
};

const clipped = (v: unknown) =>
  v ? (
    <Typography.Text ellipsis={{ tooltip: String(v) }}>{String(v)}</Typography.Text>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );

/**
 * /setting/system-setting-info/message-notificate-list: which event notifies whom. A rule names
 * users, roles (everyone holding them) and user groups (their members); the actor of an event is
 * never told about their own action.
 */
export default function MessageNotificateList() {
  return (
    <CrudPage<Rule>
      entity={notificationRuleEntity}
      columns={{
        userNames: { render: clipped },
        roleNames: { render: clipped },
        groupNames: { render: clipped },
      }}
      formItems={(r) =>
        TARGETS.map((t) => (
          <Col xs={24} key={t.ids}>
            <Form.Item
              name={t.ids}
              label={t.label}
              extra={
                t.ids === 'userIds' ? '用户、角色、用户组至少选择一项；同一人只会收到一条通知' : undefined
              }
            >
              <RemoteSelect
                url={t.url}
                mode="multiple"
                placeholder={`请选择${t.label.slice(2)}`}
                knownOptions={known(r, t)}
                allowClear
              />
            </Form.Item>
          </Col>
        ))
      }
      formValues={(r) => ({ userIds: r.userIds, roleIds: r.roleIds, groupIds: r.groupIds })}
      addValues={{ userIds: [], roleIds: [], groupIds: [] }}
    />
  );
}
