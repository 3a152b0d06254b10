import { Type } from 'typebox';

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
