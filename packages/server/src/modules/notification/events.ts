import type { NotificationType } from '@factory/shared/api/notification';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import type { NotificationHub } from '../../platform/realtime/hub.ts';

export interface NotificationEvent {
  type: NotificationType;
  title: string;
  message: string;
  /** People the event concerns directly (a user whose password was reset), besides the rules' recipients. */
  recipientIds?: readonly number[];
}

/** What notifying needs: the event handler's transaction and tenant, who caused it, the sockets, and a hook for after the commit. */
export interface NotifyContext {
  tx: Tx;
  tenantId: number;
  actor: { id: number | null; name: string };
  hub: Pick<NotificationHub, 'send'>;
  afterCommit(fn: () => void | Promise<void>): void;
}

/**
 * Notifies about a domain event of one tenant (subscribers.ts): writes a notification for every recipient — the
 * event's own plus, through the enabled rules for its type, the rules' users, the users holding
 * the rules' roles and the members of their user groups (the actor is left out of rule
 * recipients: nobody needs telling what they just did) — in the handler's transaction, and pushes to
 * their sockets once that transaction has committed, so a client that reloads finds the rows.
 */
export async function notify(ctx: NotifyContext, event: NotificationEvent): Promise<number[]> {
  const explicit = `{${(event.recipientIds ?? []).map(Number).join(',')}}`;
  const res = await ctx.tx.execute(sql`
    with ruled as (
      select r.user_ids, r.role_ids, r.group_ids from notification_rule r
      where r.enabled and r.event = ${event.type}
    ), recipients as (
      select u.id from users u
      where u.enabled and (
        u.id = any(${explicit}::int[])
        or (u.id is distinct from ${ctx.actor.id} and (
          exists (select 1 from ruled where u.id = any(ruled.user_ids))
          or exists (select 1 from user_roles ur join ruled on ur.role_id = any(ruled.role_ids) where ur.user_id = u.id)
          or exists (select 1 from user_group_member m join ruled on m.group_id = any(ruled.group_ids) where m.user_id = u.id)
        ))
      )
    )
    insert into notification_task (recipient_id, type, title, message, creator, creator_id)
    select id, ${event.type}, ${event.title}, ${event.message}, ${ctx.actor.name}, ${ctx.actor.id}::int
    from recipients
    returning recipient_id`);
  const userIds = (res as unknown as { rows: { recipient_id: number }[] }).rows.map((r) => r.recipient_id);
  if (userIds.length) {
    const tenantId = ctx.tenantId;
    ctx.afterCommit(() =>
      ctx.hub.send({
        tenantId,
        userIds,
        push: { kind: 'notification', type: event.type, title: event.title },
      }),
    );
  }
  return userIds;
}

/**
 * An event of the provider's that concerns everyone (a product update): one notification for every
 * enabled user of every enabled tenant, written in the handler's owner transaction (a `system`
 * event: row-level security would confine it to one tenant), pushed per tenant after the commit.
 */
export async function notifyAllTenants(
  ctx: Omit<NotifyContext, 'tenantId'>,
  event: Omit<NotificationEvent, 'recipientIds'>,
) {
  const res = await ctx.tx.execute(sql`
    insert into notification_task (tenant_id, recipient_id, type, title, message, creator, creator_id)
    select u.tenant_id, u.id, ${event.type}, ${event.title}, ${event.message}, ${ctx.actor.name}, null
    from users u join tenant t on t.id = u.tenant_id
    where u.enabled and t.enabled
    returning tenant_id, recipient_id`);
  const byTenant = new Map<number, number[]>();
  for (const r of (res as unknown as { rows: { tenant_id: number; recipient_id: number }[] }).rows) {
    const list = byTenant.get(r.tenant_id) ?? [];
    list.push(r.recipient_id);
    byTenant.set(r.tenant_id, list);
  }
  const push = { kind: 'notification' as const, type: event.type, title: event.title };
  ctx.afterCommit(async () => {
    for (const [tenantId, userIds] of byTenant) await ctx.hub.send({ tenantId, userIds, push });
  });
}
