import { describe, expect, it } from 'vitest';
import { changelogOfNotices, type Task } from './myNotifications.ts';

const task = (id: number, type: string, title: string, message: string, createTime: string): Task => ({
  id,
  type,
  title,
  message,
  creator: '平台管理员',
  createTime,
  isReaded: 0,
  recipientId: 7,
});

describe('the changelog of a tenant that does not load the provider’s list', () => {
  it('is the 系统更新 notices the bell shows, by update date, newest first', () => {
    const entries = changelogOfNotices([
      task(1, 'changelogAdded', '系统更新（2026-10-08）', '排产支持转序批量', '2026-10-08 09:00:00'),
      task(2, 'userCreated', '新增用户', '管理员新增了用户“王芳”', '2026-11-01 10:00:00'),
      task(3, 'changelogAdded', '系统更新（2026-11-20）', '工作台显示我的待办', '2026-11-20 08:30:00'),
    ]);
    expect(entries).toEqual([
      { key: '3', updateTime: '2026-11-20', content: '工作台显示我的待办' },
      { key: '1', updateTime: '2026-10-08', content: '排产支持转序批量' },
    ]);
  });
});
