import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { RowSchema } from '@factory/shared/api/list';
import { userApi } from '@factory/shared/api/user';
import {
  type callTypeEntity,
  type EscalationLevel,
  escalationProblem,
  MAX_ESCALATION_LEVELS,
  MAX_RESPONSE_MINUTES,
} from '@factory/shared/entities/call';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import type { RowOf } from '@factory/shared/entities/schema';
import { userGroupEntity } from '@factory/shared/entities/setting';
import { Button, Col, Flex, Form, InputNumber, Typography } from 'antd';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';

type CallType = RowOf<typeof callTypeEntity>;

const GROUPS = entityEndpoints(userGroupEntity).list;

/**
 * The names of the stored levels' users (or groups), so the selects show names before they search;
 * taken from every level, as removing a level moves the others up.
 */
const known = (r: CallType | undefined, kind: 'user' | 'group') => {
  const options = new Map<number, string>();
  for (const l of r?.escalation ?? []) {
    const [ids, names] = kind === 'user' ? [l.userIds, l.userNames] : [l.groupIds, l.groupNames];
    for (const [i, id] of ids.entries()) options.set(id, names[i] ?? String(id));
  }
  return [...options].map(([value, label]) => ({ value, label }));
};

/** The levels as the form edits them (the row's names left behind). */
export const levelsOf = (r: CallType): EscalationLevel[] =>
  (r.escalation ?? []).map(({ afterMinutes, userIds, groupIds }) => ({ afterMinutes, userIds, groupIds }));

/**
 * 升级规则 of a call type: up to three levels, each calling further users and/or user groups when
 * nobody has responded so many minutes after the call; the minutes rise from level to level and
 * come after the type's 响应时限 (the shared rule, which the server checks again).
 */
export function EscalationLevels({ row }: { row: CallType | undefined }) {
  const form = Form.useFormInstance();
  const users = known(row, 'user');
  const groups = known(row, 'group');
  return (
    <Col xs={24}>
      <Form.Item
        label="升级规则"
        extra="呼叫后超过设定分钟仍无人响应，通知该级接收人；可设1–3级，时间须大于响应时限且逐级递增"
      >
        <Form.List
          name="escalation"
          rules={[
            {
              validator: async (_, v: Partial<EscalationLevel>[] | undefined) => {
                const problem = escalationProblem(v ?? [], form.getFieldValue('responseMinutes'));
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          {(rows, { add, remove }, { errors }) => (
            <Flex vertical gap={8}>
              {rows.map(({ key, name }, i) => (
                <Flex key={key} gap={8} align="start" wrap>
                  <Typography.Text type="secondary" style={{ width: 48, lineHeight: '32px' }}>
                    第{i + 1}级
                  </Typography.Text>
                  <Form.Item
                    name={[name, 'afterMinutes']}
                    rules={[{ required: true, message: '请输入超时分钟' }]}
                    style={{ width: 140, marginBottom: 0 }}
                  >
                    <InputNumber
                      min={1}
                      max={MAX_RESPONSE_MINUTES}
                      precision={0}
                      suffix="分钟"
                      placeholder="超时分钟"
                      aria-label={`第${i + 1}级超时分钟`}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                  <Form.Item name={[name, 'userIds']} style={{ flex: 1, minWidth: 200, marginBottom: 0 }}>
                    <RemoteSelect<RowSchema>
                      endpoint={userApi.select}
                      mode="multiple"
                      placeholder="升级接收人"
                      knownOptions={users}
                      allowClear
                    />
                  </Form.Item>
                  <Form.Item name={[name, 'groupIds']} style={{ flex: 1, minWidth: 160, marginBottom: 0 }}>
                    <RemoteSelect<RowSchema>
                      endpoint={GROUPS}
                      mode="multiple"
                      placeholder="升级用户组"
                      knownOptions={groups}
                      allowClear
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={`移除第${i + 1}级`}
                    onClick={() => remove(name)}
                  />
                </Flex>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ userIds: [], groupIds: [] })}
                disabled={rows.length >= MAX_ESCALATION_LEVELS}
                style={{ width: 200 }}
              >
                添加升级级别
              </Button>
              <Form.ErrorList errors={errors} />
            </Flex>
          )}
        </Form.List>
      </Form.Item>
    </Col>
  );
}
