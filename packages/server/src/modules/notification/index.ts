import type { ModuleFace } from '../../platform/module.ts';
import { notificationRoutes } from './routes.ts';
import { subscribeNotifications } from './subscribers.ts';

/**
 * Notifications: per-recipient tasks and the rules that pick recipients, pushed through the
 * platform's live sockets (platform/realtime). The module listens to the domain events
 * (subscribers.ts); services never call it directly.
 */
export const notification: ModuleFace = {
  name: 'notification',
  routes: notificationRoutes,
  async start(_app, services) {
    subscribeNotifications(services.events, services.notifications);
    return undefined;
  },
};

export { type NotifyContext, notify } from './events.ts';
export { notificationRule } from './routes.ts';
export { notificationRules, notificationTasks } from './schema.ts';
