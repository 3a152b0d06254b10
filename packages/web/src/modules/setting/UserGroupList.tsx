import { userApi } from '@factory/shared/api/user';
import type { RowOf } from '@factory/shared/entities/schema';
import { userGroupEntity } from '@factory/shared/entities/setting';
import { Col, Form, Typography } from 'antd';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';

type UserGroup = RowOf<typeof userGroupEntity>;

/** The members as select options (ids and names come in the same order). */
const knownMembers = (g?: UserGroup) => {
  const names = g?.memberNames?.split('、') ?? [];
  return (g?.userIds ?? []).map((value, i) => ({ value, label: names[i] ?? String(value) }));
};

/** /setting/user-info/user-group: user groups and their members (spec 001 §7.6). */
export default function UserGroupList() {
  return (
    <CrudPage
      entity={userGroupEntity}
      suggestCode
      columns={{
        memberNames: {
          render: (v, g) =>
            v ? (
              <Typography.Text ellipsis={{ tooltip: String(v) }}>{String(v)}</Typography.Text>
            ) : (
              <Typography.Text type="secondary">{g.memberCount ? '' : '暂无成员'}</Typography.Text>
            ),
        },
      }}
      formItems={(g) => (
        <Col xs={24}>
          <Form.Item name="userIds" label="成员" extra="通知规则与统计报表可按用户组选人">
            <RemoteSelect
              endpoint={userApi.select}
              mode="multiple"
              placeholder="请选择成员"
              knownOptions={knownMembers(g)}
              allowClear
            />
          </Form.Item>
        </Col>
      )}
      formValues={(g) => ({ userIds: g.userIds })}
    />
  );
}
