import { type Static, Type } from 'typebox';
import { endpoint } from './contract.ts';

/** The workbench's calls (the home page, route `home`). */
export const HOME_BASE = 'home/private/workbench/';

/** How many records 最近处理 lists. */
export const RECENT_LIMIT = 8;

/**
 * What a to-do asks of its user, which its tone says: waiting for them (blue), under way (cyan),
 * past its date (red).
 */
export const TODO_KINDS = ['waiting', 'doing', 'overdue'] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

/** One count of things waiting for the user, and the list screen that shows them. */
export const TodoItem = Type.Object({
  /** Stable name of the to-do (plansToSchedule …). */
  key: Type.String(),
  title: Type.String(),
  /** The title of the list it opens (生产计划列表). */
  group: Type.String(),
  kind: Type.Union([Type.Literal('waiting'), Type.Literal('doing'), Type.Literal('overdue')]),
  count: Type.Integer({ minimum: 0 }),
  /** The list's address with its filter (`?tab=` or `?q=`), for the router. */
  path: Type.String(),
});
export type TodoItem = Static<typeof TodoItem>;

/** A record the user changed lately, from the audit trail. */
export const RecentItem = Type.Object({
  entity: Type.String(),
  entityId: Type.String(),
  /** What the record is (生产计划, 出入库单 …). */
  label: Type.String(),
  /** Its number or name; null when it is not a known record or no longer exists. */
  name: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  actionLabel: Type.String(),
  /** When the user last changed it, factory time 'YYYY-MM-DD HH:mm:ss'. */
  time: Type.String(),
  /** Its detail page; null when it has none, is gone or the user may not open it. */
  path: Type.Union([Type.String(), Type.Null()]),
});
export type RecentItem = Static<typeof RecentItem>;

export const Workbench = Type.Object({
  /** Only to-dos whose list the user may open, in the server's declared order. */
  todos: Type.Array(TodoItem),
  /** Newest first, at most RECENT_LIMIT, one per record. */
  recent: Type.Array(RecentItem),
});
export type Workbench = Static<typeof Workbench>;

export const homeApi = {
  workbench: endpoint({
    method: 'GET',
    path: `${HOME_BASE}getMyWorkbench`,
    summary: '工作台：我的待办（按权限）与最近处理的记录',
    access: { keys: ['home'] },
    result: Workbench,
  }),
};
