import { type NotificationTask, notificationApi } from '@factory/shared/api/notification';
import type { Static } from 'typebox';
import { client } from '../platform/call.ts';

export type Task = Static<typeof NotificationTask>;
export const notifications = client(notificationApi);

/** The user's own notifications, as the bell lists them; the changelog dialog reads the same list. */
export const myNotifications = (enabled: boolean) => ({
  queryKey: ['notifications'],
  queryFn: () => notifications.list({}, { keep: true }),
  enabled,
});

/** A changelog entry as the dialog shows it. */
export interface ChangelogView {
  key: string;
  updateTime: string;
  content: string;
}

/**
 * The changelog entries among the user's notifications (系统更新, pushed to every tenant when the
 * provider adds one), newest update first: what the side menu's changelog shows where the tenant
 * does not load the provider's list, so it shows what the bell has shown. The update date is in
 * the notice's title (`系统更新（YYYY-MM-DD）`, notification/subscribers.ts).
 */
export function changelogOfNotices(tasks: readonly Task[]): ChangelogView[] {
  return tasks
    .filter((t) => t.type === 'changelogAdded')
    .map((t) => ({
      key: String(t.id),
      updateTime: /（(\d{4}-\d{2}-\d{2})）/.exec(t.title)?.[1] ?? t.createTime.slice(0, 10),
      content: t.message,
    }))
    .sort((a, b) => b.updateTime.localeCompare(a.updateTime));
}
