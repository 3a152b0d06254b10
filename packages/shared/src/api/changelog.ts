import { Type } from 'typebox';
import { endpoint } from './contract.ts';
import { IdQuery } from './list.ts';

export const CHANGELOG_BASE = 'systemConfig/private/updateLogRecord/';

/** The spec's required-field messages (spec 000 §5). */
export const CHANGELOG_MESSAGES = { updateTime: '请选择更新日期', content: '请输入更新内容' } as const;

/** yyyy-MM-dd, a real calendar day. */
const UpdateTime = Type.String({
  minLength: 1,
  format: 'date',
  title: '更新日期',
  requiredMessage: CHANGELOG_MESSAGES.updateTime,
});
const Content = Type.String({
  minLength: 1,
  maxLength: 5000,
  title: '更新内容',
  requiredMessage: CHANGELOG_MESSAGES.content,
});

export const ChangelogEntry = Type.Object({
  id: Type.Integer(),
  updateTime: Type.String(),
  content: Type.String(),
});

export const ChangelogAdd = Type.Object(
  { updateTime: UpdateTime, content: Content },
  { additionalProperties: false },
);
export const ChangelogUpdate = Type.Object(
  { id: Type.Integer({ minimum: 1 }), updateTime: UpdateTime, content: Content },
  { additionalProperties: false },
);

/** The changelog's endpoints (spec 000 §7 updateLogRecord): read by everyone, written by the provider. */
export const changelogApi = {
  list: endpoint({
    method: 'GET',
    path: `${CHANGELOG_BASE}getUpdateLogRecordList`,
    summary: '更新日志（按更新日期，新的在前）',
    access: { session: true },
    query: Type.Object({}, { additionalProperties: true }),
    result: Type.Array(ChangelogEntry),
  }),
  add: endpoint({
    method: 'POST',
    path: `${CHANGELOG_BASE}addUpdateLogRecord`,
    summary: '新增更新日志（通知各企业的用户）',
    access: { keys: ['changelogAdd'], provider: true },
    body: ChangelogAdd,
    result: ChangelogEntry,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${CHANGELOG_BASE}updateOne`,
    summary: '修改更新日志',
    access: { keys: ['changelogModify'], provider: true },
    body: ChangelogUpdate,
    result: ChangelogEntry,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${CHANGELOG_BASE}deleteOne`,
    summary: '删除更新日志',
    access: { keys: ['changelogDel'], provider: true },
    query: IdQuery,
  }),
};
