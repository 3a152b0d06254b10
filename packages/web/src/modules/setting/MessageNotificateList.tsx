import type { RowSchema } from '@factory/shared/api/list';
import { roleApi } from '@factory/shared/api/role';
import { userApi } from '@factory/shared/api/user';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { notificationRuleEntity } from '@factory/shared/entities/notification';
import type { RowOf } from '@factory/shared/entities/schema';
import { userGroupEntity } from '@factory/shared/entities/setting';
import { routeHref } from '@factory/shared/routes';
import { Col, Form, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';

type Rule = RowOf<typeof notificationRuleEntity>;

/** Who a rule notifies, by kind: the select call and the row's ids and names (same order). */
const TARGETS = [
  { ids: 'userIds', names: 'userNames', label: '通知用户', endpoint: userApi.select },
  { ids: 'roleIds', names: 'roleNames', label: '通知角色', endpoint: roleApi.select },
  {
    ids: 'groupIds',
    names: 'groupNames',
    label: '通知用户组',
    endpoint: entityEndpoints(userGroupEntity).list,
  },
] as const;

const known = (r: Rule | undefined, t: (typeof TARGETS)[number]) => {
  const names = r?.[t.names]?.split('、') ?? [];
  return (r?.[t.ids] ?? []).map((value, i) => ({ value, label: names[i] ?? String(value) }));
};

const clipped = (v: unknown) =>
  v ? (
    <Typography.Text ellipsis={{ tooltip: String(v) }}>{String(v)}</Typography.Text>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );

/** Said under the rule's targets: who is told once, and who is never told (notify() leaves the actor out). */
const RULE_TARGETS_HINT =
  '用户、角色、用户组至少选择一项；同一人只会收到一条通知；触发该事件的操作人本人不会收到此通知';

/** The rule form's own items: who it notifies (the declared fields come from the entity). */
export const ruleTargets = (r?: Rule) =>
  TARGETS.map((t) => (
    <Col xs={24} key={t.ids}>
      <Form.Item name={t.ids} label={t.label} extra={t.ids === 'userIds' ? RULE_TARGETS_HINT : undefined}>
        {/* three kinds of row: the select reads each by its fields alone */}
        <RemoteSelect<RowSchema>
          endpoint={t.endpoint}
          mode="multiple"
          placeholder={`请选择${t.label.slice(2)}`}
          knownOptions={known(r, t)}
          allowClear
        />
      </Form.Item>
    </Col>
  ));

export const NO_TARGETS = { userIds: [], roleIds: [], groupIds: [] };

/**
 * /setting/system-setting-info/message-notificate-list: which event notifies whom. A rule names
 * users, roles (everyone holding them) and user groups (their members); the actor of an event is
 * never told about their own action. 新增 opens the add page (message-notificate-add).
 */
export default function MessageNotificateList() {
  const navigate = useNavigate();
  return (
    <CrudPage
      entity={notificationRuleEntity}
      columns={{
        userNames: { render: clipped },
        roleNames: { render: clipped },
        groupNames: { render: clipped },
      }}
      formItems={(r) => ruleTargets(r)}
      formValues={(r) => ({ userIds: r.userIds, roleIds: r.roleIds, groupIds: r.groupIds })}
      addValues={NO_TARGETS}
      onAdd={() => navigate(routeHref('messageNotificateAdd'))}
    />
  );
}
