import {
  equipmentTaskApi,
  type FinishTaskBody,
  type TaskItemResult,
  type TaskItemRow,
} from '@factory/shared/api/equipmentTask';
import { taskEntities } from '@factory/shared/entities/equipmentTask';
import { checkKind } from '@factory/shared/enums';
import { TASK_KINDS, taskMachines } from '@factory/shared/machines/equipmentTask';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, invalid, notFound } from '../../platform/errors.ts';
import { lookedUp } from '../../platform/list.ts';
import { type ActionHooks, type Actor, type DocRow, machineService } from '../../platform/machine.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { users } from '../setting/index.ts';
import { fileFaultReport, followMachine } from './repairs.ts';
import { equipment, userEquipment } from './schema.ts';
import { issueSpareParts } from './spareParts.ts';
import { checkItems, checkPlans, checkTaskItems, checkTasks } from './taskSchema.ts';

/** Names of the task's assignees, in order, joined by 、. */
const assigneeNames = sql<string>`coalesce((select string_agg(u.name, '、' order by k.n)
  from unnest(${qualified(checkTasks.assigneeIds)}) with ordinality k(id, n) join ${users} u on u.id = k.id), '')`;

/** The check items of the ids, once each, all of the kind. */
async function itemsOfKind(tx: Tx, asked: unknown, kind: number): Promise<number[]> {
  const ids = [...new Set((asked as number[] | undefined) ?? [])];
  if (!ids.length) throw fieldError('itemIds', '请选择检查项目');
  const found = await tx
    .select({ id: checkItems.id, name: checkItems.name, kind: checkItems.kind })
    .from(checkItems)
    .where(inArray(checkItems.id, ids));
  if (found.length !== ids.length) throw fieldError('itemIds', '所选检查项目不存在或已被删除');
  const other = found.find((f) => f.kind !== kind);
  if (other)
    throw fieldError(
      'itemIds',
      `检查项目“${other.name}”是${checkKind.label(other.kind)}项目，不能用于${checkKind.label(kind)}工单`,
    );
  return ids;
}

type CheckItemRow = typeof checkItems.$inferSelect;

/** The check items of the ids, by id (those deleted meanwhile are left out). */
export async function checkItemsById(tx: Tx, ids: readonly number[]): Promise<Map<number, CheckItemRow>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await tx.select().from(checkItems).where(inArray(checkItems.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The task's items, copied from the check items when it is started (the plan's list as the task
 * keeps it, less any item deleted since), so later edits of an item leave it as it was done;
 * answers them in order. Copied once: a second call reads the copy.
 */
async function startedItems(tx: Tx, task: DocRow) {
  const copied = await tx
    .select()
    .from(checkTaskItems)
    .where(eq(checkTaskItems.taskId, task.id))
    .orderBy(asc(checkTaskItems.sort));
  if (copied.length) return copied;
  const ids = (task.itemIds as number[] | null) ?? [];
  const byId = await checkItemsById(tx, ids);
  const rows = ids.flatMap((i, n) => {
    const item = byId.get(i);
    if (!item) return [];
    const {
      id: itemId,
      code,
      name,
      part,
      method,
      valueType,
      standard,
      lowerLimit,
      upperLimit,
      unit,
      needsPhoto,
    } = item;
    return [
      {
        taskId: task.id,
        itemId,
        sort: n + 1,
        code,
        name,
        part,
        method,
        valueType,
        standard,
        lowerLimit,
        upperLimit,
        unit,
        needsPhoto,
      },
    ];
  });
  if (!rows.length) return [];
  return tx.insert(checkTaskItems).values(rows).returning();
}

/** The people a task goes to when none are named: its equipment's keepers (My equipment). */
async function keepersOf(tx: Tx, equipmentId: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: userEquipment.userId })
    .from(userEquipment)
    .where(eq(userEquipment.equipmentId, equipmentId))
    .orderBy(asc(userEquipment.userId));
  return rows.map((r) => r.userId);
}

/** The standard calls of one kind of task: list, detail, export, add by hand, delete. */
const taskCrud = (kind: number) =>
  crud({
    entity: taskEntities[kind],
    table: checkTasks,
    scope: { where: eq(checkTasks.kind, kind), values: { kind } },
    document: { number: checkTasks.code },
    refs: {
      equipmentName: { id: equipment.id, name: equipment.name, code: equipment.code },
      executorName: { id: users.id, name: users.name, code: users.userName },
    },
    columns: {
      version: checkTasks.version,
      planId: checkTasks.planId,
      assigneeIds: checkTasks.assigneeIds,
      equipmentCode: lookedUp(checkTasks.equipmentId, equipment.code),
      planName: lookedUp(checkTasks.planId, checkPlans.name),
      assigneeNames,
    },
    idFilters: { planId: checkTasks.planId, equipmentId: checkTasks.equipmentId },
    hooks: {
      // a task added by hand starts now, with the items and people chosen
      async validate(tx, values, id, body) {
        if (id !== null) return;
        await itemsOfKind(tx, body.itemIds, kind);
        const due = values.dueTime instanceof Date ? values.dueTime : new Date(String(values.dueTime));
        if (!(due.getTime() > nowOf(tx).getTime())) throw fieldError('dueTime', '截止时间须晚于现在');
        values.slotStart = nowOf(tx);
      },
      async saved(tx, id, body, isNew, actorId) {
        if (!isNew) return;
        const [task] = await tx
          .select({ equipmentId: checkTasks.equipmentId })
          .from(checkTasks)
          .where(eq(checkTasks.id, id));
        let assignees = [...new Set((body.assigneeIds as number[] | undefined) ?? [])];
        if (assignees.length) {
          const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, assignees));
          if (found.length !== assignees.length)
            throw fieldError('assigneeIds', '所选执行人不存在或已被删除');
        } else assignees = await keepersOf(tx, task.equipmentId);
        await tx
          .update(checkTasks)
          .set({ assigneeIds: assignees, createdBy: actorId })
          .where(eq(checkTasks.id, id));
        const itemIds = await itemsOfKind(tx, body.itemIds, kind);
        await tx.update(checkTasks).set({ itemIds, itemCount: itemIds.length }).where(eq(checkTasks.id, id));
      },
      // a plan's task is skipped or voided, never deleted: its slot would not come again
      async removing(tx, id) {
        const [row] = await tx
          .select({ code: checkTasks.code, status: checkTasks.status, planId: checkTasks.planId })
          .from(checkTasks)
          .where(eq(checkTasks.id, id));
        if (!row) return;
        if (row.planId !== null) throw conflict(`工单“${row.code}”由计划生成，不能删除，可跳过或作废`);
        if (row.status !== 1) throw conflict(`工单“${row.code}”已开始执行，不能删除`);
      },
    },
  });

export const taskCruds = TASK_KINDS.map((k) => taskCrud(k.kind));

/** A user may act on a task given to them; an administrator, or anyone when it names no one. */
function refuseUnlessAssignee(row: DocRow, actor: Actor, what: string) {
  if (actor === 'system' || actor.isAdmin) return;
  const assignees = (row.assigneeIds as number[] | null) ?? [];
  if (assignees.length && !assignees.includes(actor.userId))
    throw conflict(`工单“${String(row.code)}”未派给你，不能${what}`);
}

/** Values as numbers, limits as given (a NUMERIC comes back as text). */
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A limit range as the factory writes it: 8–12 N, ≥ 8 N, ≤ 12 N. */
function rangeText(lower: number | null, upper: number | null, unit: string | null) {
  const u = unit ? ` ${unit}` : '';
  if (lower !== null && upper !== null) return `${lower}–${upper}${u}`;
  return lower !== null ? `≥ ${lower}${u}` : `≤ ${upper}${u}`;
}

type StoredItem = typeof checkTaskItems.$inferSelect;

/** One item's result checked and judged: a numeric value outside its limits is NG. */
function judge(item: StoredItem, given: TaskItemResult | undefined, n: number) {
  const where = `第${n}项“${item.name}”`;
  if (!given) throw invalid(`${where}未填写结果`);
  const lower = num(item.lowerLimit);
  const upper = num(item.upperLimit);
  let result = given.result;
  if (item.valueType === 1) {
    if (given.value === undefined) throw invalid(`${where}请填写实测值`);
    result = (lower !== null && given.value < lower) || (upper !== null && given.value > upper) ? 1 : 0;
  } else if (item.valueType === 2) {
    if (!given.text?.trim()) throw invalid(`${where}请填写记录`);
    result ??= 0;
  } else if (result === undefined) throw invalid(`${where}请判定 OK 或 NG`);
  const remark = given.remark?.trim() || null;
  if (result === 1 && !remark) throw invalid(`${where}为 NG，请填写备注说明`);
  const photoUrls = given.photoUrls ?? [];
  if (item.needsPhoto && !photoUrls.length) throw invalid(`${where}需要拍照，请上传照片`);
  return {
    id: item.id,
    result,
    value: item.valueType === 1 ? (given.value ?? null) : null,
    text: given.text?.trim() || null,
    photoUrls,
    remark,
  };
}

/** The NG items in words: '点检NG：张力检测 实测 12.5 N（标准 8–12 N）；油位 NG（油位低）'. */
export function ngPhenomenon(
  kind: number,
  ng: { item: StoredItem; value: number | null; text: string | null; remark: string | null }[],
) {
  const parts = ng.map(({ item, value, text, remark }) => {
    const why = remark ? `（${remark}）` : '';
    if (item.valueType === 1) {
      const u = item.unit ? ` ${item.unit}` : '';
      return `${item.name} 实测 ${value}${u}（标准 ${rangeText(num(item.lowerLimit), num(item.upperLimit), item.unit)}）${remark ? `，${remark}` : ''}`;
    }
    if (item.valueType === 2) return `${item.name} NG：${text ?? ''}${why}`;
    return `${item.name} NG${why}`;
  });
  return `${checkKind.label(kind)}NG：${parts.join('；')}`;
}

/**
 * Submitting a task: every item judged (ids of this task only), the results written in one
 * statement, the counts and whether it was on time (finished by its due time); an NG finds a
 * fault report, one per task, naming the NG items.
 */
async function finishTask(tx: Tx, row: DocRow, body: unknown) {
  const given = new Map(((body as { items: TaskItemResult[] }).items ?? []).map((i) => [i.itemId, i]));
  const items = await startedItems(tx, row);
  for (const id of given.keys())
    if (!items.some((i) => i.itemId === id)) throw invalid('提交的检查项目不属于该工单，请刷新后重试');
  const judged = items.map((item, i) => judge(item, given.get(item.itemId), i + 1));
  if (judged.length)
    await tx.execute(sql`
      update ${checkTaskItems} i set result = v.result, value = v.value, text = v.text,
        photo_urls = coalesce((select array_agg(x) from jsonb_array_elements_text(v.photos) x), '{}'), remark = v.remark
      from jsonb_to_recordset(${JSON.stringify(judged.map((j) => ({ ...j, photos: j.photoUrls })))}::jsonb)
        as v(id int, result smallint, value numeric, text text, photos jsonb, remark text)
      where i.id = v.id`);
  const finishedAt = nowOf(tx);
  const ng = judged.flatMap((j, i) => (j.result === 1 ? [{ ...j, item: items[i] }] : []));
  return {
    values: {
      finishedAt,
      isOnTime: finishedAt.getTime() <= new Date(row.dueTime as Date).getTime(),
      itemCount: items.length,
      ngItemCount: ng.length,
    },
    ng,
  };
}

/** The machine of one kind of task with its guards and writes. */
function taskActions(kind: number) {
  const machine = taskMachines[kind];
  const sameKind = async (_tx: Tx, row: DocRow) => {
    if (row.kind !== kind) throw notFound(machine.label);
  };
  // an upkeep in progress puts its machine under maintenance (维保中) until it is done or voided
  const follow =
    kind === 2 ? async (tx: Tx, row: DocRow) => followMachine(tx, Number(row.equipmentId)) : undefined;
  const withKind = (hooks: ActionHooks): ActionHooks => ({
    ...hooks,
    guard: async (tx, row, input, actor) => {
      await sameKind(tx, row);
      await hooks.guard?.(tx, row, input, actor);
    },
    after: follow,
  });
  return machineService({
    machine,
    table: checkTasks,
    number: checkTasks.code,
    hooks: {
      start: withKind({
        guard: async (_tx, row, _input, actor) => refuseUnlessAssignee(row, actor, '开始执行'),
        effect: async (tx, row, _input, actor) => {
          await startedItems(tx, row);
          return {
            startedAt: nowOf(tx),
            executorId: actor === 'system' ? null : actor.userId,
          };
        },
      }),
      finish: withKind({
        guard: async (_tx, row, _input, actor) => refuseUnlessAssignee(row, actor, '提交'),
        // one fault report per task, naming every NG item, in the same transaction
        effect: async (tx, row, input, actor) => {
          const { values, ng } = await finishTask(tx, row, input.body);
          const parts = (input.body as FinishTaskBody).parts ?? [];
          if (parts.length && kind !== 2) throw fieldError('parts', '只有保养工单可以领用备件');
          await issueSpareParts(
            tx,
            actor === 'system' ? null : actor.userId,
            { sourceType: 1, id: row.id, code: String(row.code), equipmentId: Number(row.equipmentId) },
            parts,
          );
          if (ng.length)
            await fileFaultReport(tx, actor, {
              equipmentId: Number(row.equipmentId),
              phenomenon: ngPhenomenon(kind, ng),
              isStopped: false,
              taskId: row.id,
            });
          return { ...values, executorId: row.executorId ?? (actor === 'system' ? null : actor.userId) };
        },
      }),
      distribute: withKind({
        effect: async (tx, _row, input) => {
          const ids = [...new Set((input.body as { assigneeIds: number[] }).assigneeIds)];
          const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
          if (found.length !== ids.length) throw fieldError('assigneeIds', '所选执行人不存在或已被删除');
          return { assigneeIds: ids };
        },
      }),
      skip: withKind({ effect: async (_tx, _row, input) => ({ reason: input.reason?.trim() ?? null }) }),
      void: withKind({ effect: async (_tx, _row, input) => ({ reason: input.reason?.trim() ?? null }) }),
    },
  });
}

export const taskServices = TASK_KINDS.map((k) => taskActions(k.kind));

/** A task's items and their results, in order. */
async function itemsOf(tx: Tx, kind: number, id: number): Promise<TaskItemRow[]> {
  const [task] = await tx
    .select({ id: checkTasks.id, itemIds: checkTasks.itemIds })
    .from(checkTasks)
    .where(and(eq(checkTasks.id, id), eq(checkTasks.kind, kind)));
  if (!task) throw notFound(taskMachines[kind].label);
  const copied = await tx
    .select()
    .from(checkTaskItems)
    .where(eq(checkTaskItems.taskId, id))
    .orderBy(asc(checkTaskItems.sort));
  // not started yet: the items as they are now
  const byId = copied.length ? new Map() : await checkItemsById(tx, task.itemIds);
  const rows = copied.length
    ? copied
    : task.itemIds.flatMap((i) => {
        const c = byId.get(i);
        return c
          ? [
              {
                ...c,
                id: 0,
                itemId: c.id,
                result: null,
                value: null,
                text: null,
                photoUrls: [],
                remark: null,
              },
            ]
          : [];
      });
  return rows.map((r) => ({
    id: r.id,
    itemId: r.itemId,
    code: r.code,
    name: r.name,
    part: r.part,
    method: r.method,
    valueType: r.valueType,
    standard: r.standard,
    lowerLimit: num(r.lowerLimit),
    upperLimit: num(r.upperLimit),
    unit: r.unit,
    needsPhoto: r.needsPhoto,
    result: r.result,
    value: num(r.value),
    text: r.text,
    photoUrls: r.photoUrls,
    remark: r.remark,
  }));
}

/** Every task call of the three lists. */
export const taskRoutes: RouteDef[] = TASK_KINDS.flatMap((k) => {
  const api = equipmentTaskApi[k.kind];
  const service = taskServices[k.kind];
  return [
    ...taskCruds[k.kind].routes,
    ...service.routes,
    service.ownRoute(api.finish, 'finish'),
    service.ownRoute(api.distribute, 'distribute'),
    handle(api.items, { handler: ({ tx, query }) => itemsOf(tx, k.kind, query.id) }),
  ];
});
