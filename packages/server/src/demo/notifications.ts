import { sql } from 'drizzle-orm';
import { addChangelogEntry } from '../modules/changelog/index.ts';
import { notificationRule } from '../modules/notification/index.ts';
import type { Tx } from '../platform/db.ts';
import type { Services } from '../platform/services.ts';

/** Who hears what in every demo tenant, by role name (the job roles of roles.ts). */
const RULES = [
  {
    name: '新用户入职通知',
    event: 'userCreated',
    roles: ['生产经理'],
    remark: '新账号开通后，生产经理安排培训与权限',
  },
  {
    name: '工位切换通知计划员',
    event: 'stationChanged',
    roles: ['计划员'],
    remark: '操作工换工位时，计划员核对派工',
  },
  {
    name: '设备维修通知设备管理员',
    event: 'equipmentRepairRecordCreated',
    roles: ['设备管理员', '生产经理'],
    remark: '新的维修记录通知设备管理员处理',
  },
  {
    name: '密码重置抄送经理',
    event: 'passwordReset',
    roles: ['生产经理'],
    remark: '账号安全：重置密码时抄送',
  },
] as const;

export async function seedNotificationRules(tx: Tx, adminId: number): Promise<void> {
  const roles = (await tx.execute(sql`select id, name from roles`)) as unknown as {
    rows: { id: number; name: string }[];
  };
  const idOf = new Map(roles.rows.map((r) => [r.name, r.id]));
  for (const r of RULES) {
    await notificationRule.create(tx, adminId, {
      name: r.name,
      event: r.event,
      roleIds: r.roles.map((n) => idOf.get(n)).filter((id): id is number => id !== undefined),
      isEnabled: 1,
      remark: r.remark,
    });
  }
}

/** The product's recent releases: written as the provider would, so every demo user has them in the bell. */
const CHANGELOG = [
  {
    updateTime: '2026-09-15',
    content: '新增工艺路线版本管理：一条路线多个版本，可随时切换主版本。\n物料清单支持多级展开与累计用量。',
  },
  {
    updateTime: '2026-10-20',
    content: '新增字段设置与编码设置：各类单据可自定义字段与编号规则。\n导入向导可一次检查全部错误行。',
  },
  {
    updateTime: '2026-11-18',
    content:
      '新增消息通知：按事件配置通知对象，消息实时推送到顶栏铃铛。\n新增班次管理与切换班次、切换工位。\n新增应用市场。',
  },
];

export async function seedChangelog(
  services: Services,
  provider: { tenantId: number; userId: number; name: string },
) {
  const [{ n }] = await services.db.systemQuery<{ n: number }>(
    sql`select count(*)::int as n from update_log_record`,
  );
  if (n > 0) return;
  const committed: (() => void | Promise<void>)[] = [];
  await services.db.withSystem(async (tx) => {
    for (const entry of CHANGELOG)
      await addChangelogEntry(
        { tx, session: provider, services, afterCommit: (fn) => committed.push(fn) },
        entry,
      );
  });
  // the entries' events notify every demo user
  for (const fn of committed) await fn();
}
