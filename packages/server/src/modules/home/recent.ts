import { ACTION_LABELS } from '@factory/shared/actionLabels';
import { RECENT_LIMIT, type RecentItem } from '@factory/shared/api/home';
import { businessEntities } from '@factory/shared/entities/registry';
import type { MachineDecl } from '@factory/shared/machines/define';
import {
  produceOrderMachine,
  producePlanMachine,
  produceTaskMachine,
  workOrderMachine,
} from '@factory/shared/machines/plans';
import { materialPrepMachine, stockCountMachine, stockDocMachine } from '@factory/shared/machines/warehouse';
import { routeHref } from '@factory/shared/routes';
import { type SQL, sql } from 'drizzle-orm';
import { namedTables } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { factoryTimeText } from '../../platform/factoryTime.ts';
import { auditLog } from '../../platform/schema.ts';
import type { SessionInfo } from '../../platform/session.ts';
import { equipment } from '../equipment/index.ts';
import { materials, processFlows, processFlowVersions, stations } from '../information/index.ts';
import { produceOrders, producePlans, produceTasks, produceWorkOrders } from '../plans/index.ts';
import { users } from '../setting/index.ts';
import { materialPreps, stockCounts, stockDocs } from '../warehouse/index.ts';
import { mayOpen } from './todos.ts';

/**
 * A record the trail names that the workbench can name and open: the audit `entity` values that
 * mean it, and one scalar subquery giving its number or name and, when it has one, the detail page
 * (route and id) that shows it. `id` is the trail's entity id as an integer.
 */
interface KnownRecord {
  entities: readonly string[];
  label: string;
  /** `select json_build_object('name', …, 'route', …, 'id', …) from … where … = ${id}`. */
  lookup(id: SQL): SQL;
}

const named = (name: SQL, route: SQL | string | null, pageId: SQL | null) =>
  sql`json_build_object('name', ${name}, 'route', ${route === null || typeof route === 'string' ? sql`${route}::text` : route}, 'id', ${pageId ?? sql`null::int`})`;
/** A work order's page: the rework one (type 1) has its own. */
const workPage = (w: string) =>
  sql.raw(`case ${w}.work_type when 1 then 'repairDetail' else 'workDetail' end`);

/** The documents and master data 最近处理 names; other entities show their label only. */
const known: readonly KnownRecord[] = [
  {
    entities: [produceOrderMachine.name],
    label: produceOrderMachine.label,
    lookup: (id) =>
      sql`(select ${named(sql`x.code`, 'orderDetail', sql`x.id`)} from ${produceOrders} x where x.id = ${id})`,
  },
  {
    // a plan has no page of its own: its order's detail lists it (as the plan list's 详情 opens)
    entities: [producePlanMachine.name],
    label: producePlanMachine.label,
    lookup: (id) =>
      sql`(select ${named(sql`x.code`, 'orderDetail', sql`x.order_id`)} from ${producePlans} x where x.id = ${id})`,
  },
  {
    entities: [workOrderMachine.name, 'produceWorkOrder'],
    label: workOrderMachine.label,
    lookup: (id) =>
      sql`(select ${named(sql`x.code`, workPage('x'), sql`x.id`)} from ${produceWorkOrders} x where x.id = ${id})`,
  },
  {
    entities: [produceTaskMachine.name],
    label: produceTaskMachine.label,
    lookup: (id) =>
      sql`(select ${named(sql`x.code`, workPage('w'), sql`w.id`)} from ${produceTasks} x
        join ${produceWorkOrders} w on w.id = x.work_order_id where x.id = ${id})`,
  },
  {
    entities: [materialPrepMachine.name],
    label: materialPrepMachine.label,
    lookup: (id) =>
      sql`(select ${named(sql`x.code`, 'warehouseAssignDetail', sql`x.id`)} from ${materialPreps} x where x.id = ${id})`,
  },
  {
    entities: [stockDocMachine.name],
    label: stockDocMachine.label,
    lookup: (id) =>
      sql`(select ${named(sql`x.code`, 'warehouseOperateDetail', sql`x.id`)} from ${stockDocs} x where x.id = ${id})`,
  },
  {
    // counted in a drawer of its list: no page of its own
    entities: [stockCountMachine.name],
    label: stockCountMachine.label,
    lookup: (id) => sql`(select ${named(sql`x.code`, null, null)} from ${stockCounts} x where x.id = ${id})`,
  },
  {
    entities: ['materials'],
    label: '物料',
    lookup: (id) =>
      sql`(select ${named(sql`x.name || '（' || x.code || '）'`, 'materialsDetail', sql`x.id`)} from ${materials} x where x.id = ${id})`,
  },
  {
    entities: ['processFlow'],
    label: '工艺路线',
    lookup: (id) =>
      sql`(select ${named(sql`x.name`, 'processDetail', sql`x.id`)} from ${processFlows} x where x.id = ${id})`,
  },
  {
    entities: ['processFlowVersion'],
    label: '工艺版本',
    lookup: (id) =>
      sql`(select ${named(sql`f.name || ' ' || x.name`, 'processDetail', sql`f.id`)} from ${processFlowVersions} x
        join ${processFlows} f on f.id = x.flow_id where x.id = ${id})`,
  },
  {
    entities: ['equipment'],
    label: '设备',
    lookup: (id) =>
      sql`(select ${named(sql`x.name`, 'accountDetail', sql`x.id`)} from ${equipment} x where x.id = ${id})`,
  },
  {
    entities: ['station'],
    label: '工位',
    lookup: (id) => sql`(select ${named(sql`x.name`, null, null)} from ${stations} x where x.id = ${id})`,
  },
  {
    entities: ['user'],
    label: '用户',
    lookup: (id) => sql`(select ${named(sql`x.name`, null, null)} from ${users} x where x.id = ${id})`,
  },
];

/**
 * The records above, then every other crud entity by the column naming its rows (notification
 * rules, units, warehouses …), without a page to open. Read at the first call: the modules
 * declare their cruds as they load.
 */
let everyKnown: readonly KnownRecord[] | undefined;
function knownRecords(): readonly KnownRecord[] {
  if (everyKnown) return everyKnown;
  const own = new Set(known.flatMap((k) => k.entities));
  everyKnown = [
    ...known,
    ...[...namedTables]
      .filter(([entity]) => !own.has(entity))
      .map(([entity, { table, name }]) => ({
        entities: [entity],
        label: labelOf(entity),
        lookup: (id: SQL) =>
          sql`(select ${named(sql`x.${sql.identifier(name.name)}`, null, null)} from ${table} x where x.id = ${id})`,
      })),
  ];
  return everyKnown;
}
const knownByEntity = new Map(known.flatMap((k) => k.entities.map((e) => [e, k] as const)));

/** Labels of the trail's other entities (those of the declared entities come from their declaration). */
const OTHER_LABELS: Record<string, string> = {
  basicConfig: '基础配置',
  bom: 'BOM',
  file: '文件',
  marketDetail: '应用',
  tenant: '企业',
};

const machines: readonly MachineDecl[] = [
  produceOrderMachine,
  producePlanMachine,
  workOrderMachine,
  produceTaskMachine,
  materialPrepMachine,
  stockDocMachine,
  stockCountMachine,
] as unknown as readonly MachineDecl[];
const machineByEntity = new Map(machines.map((m) => [m.name, m]));

/** The trail's own words for edits and the like (platform/machine.ts says the same in a document's trail). */
const GENERIC_ACTIONS: Record<string, string> = {
  add: '新增',
  modify: '修改',
  update: '修改',
  delete: '删除',
  import: '导入',
  enable: '启用',
  disable: '停用',
  upload: '上传',
  rename: '重命名',
  saveSteps: '保存工序',
  saveMaterials: '保存用料',
};

export function actionLabelOf(entity: string, action: string): string {
  const m = machineByEntity.get(entity);
  const own = m?.actions[action]?.label ?? m?.notes?.[action];
  const button = ACTION_LABELS[action.charAt(0).toUpperCase() + action.slice(1)];
  return own ?? GENERIC_ACTIONS[action] ?? button ?? action;
}

const labelOf = (entity: string) =>
  knownByEntity.get(entity)?.label ??
  (Object.hasOwn(businessEntities, entity) ? businessEntities[entity].label : undefined) ??
  OTHER_LABELS[entity] ??
  '记录';

/**
 * How far back the user's own trail is read for RECENT_LIMIT distinct records: a user who changed
 * one record this many times in a row sees fewer, never a slow answer.
 */
export const RECENT_WINDOW = 200;

interface RecentRow extends Record<string, unknown> {
  entity: string;
  entityId: string;
  action: string;
  time: string;
  ref: { name: string | null; route: string | null; id: number | null } | null;
}

/**
 * The last RECENT_LIMIT distinct records the user changed, newest first, named and linked, in one
 * statement: the newest RECENT_WINDOW rows of their trail (`audit_log_user_idx`, walked backwards),
 * the newest row of each record among them, and the known records looked up by id — only the
 * branch of the record's own entity runs. Sessions (sign-in, sign-out) and the user's own account
 * (switching shift or station, the password) are not records they work on.
 */
export async function myRecent(tx: Tx, session: SessionInfo): Promise<RecentItem[]> {
  const id = sql`p.num`;
  const res = await tx.execute(sql`
    with mine as (
      select a.id, a.entity, a.entity_id, a.action, a.created_at
      from ${auditLog} a
      where a.user_id = ${session.userId} and a.entity_id is not null and a.entity <> 'session'
        and not (a.entity = 'user' and a.entity_id = ${String(session.userId)})
      order by a.id desc
      limit ${RECENT_WINDOW}
    ), latest as (
      select distinct on (entity, entity_id) * from mine order by entity, entity_id, id desc
    ), picked as (
      select l.*, case when l.entity_id ~ '^[0-9]{1,9}$' then l.entity_id::int end as num
      from latest l order by l.id desc limit ${RECENT_LIMIT}
    )
    select p.entity, p.entity_id as "entityId", p.action, ${factoryTimeText(sql`p.created_at`)} as time,
      case when p.num is null then null
        ${sql.join(
          knownRecords().map(
            (k) =>
              sql`when p.entity in (${sql.join(
                k.entities.map((e) => sql`${e}`),
                sql`, `,
              )}) then ${k.lookup(id)}`,
          ),
          sql` `,
        )}
      end as ref
    from picked p
    order by p.id desc`);
  const rows = (res as unknown as { rows: RecentRow[] }).rows;
  return rows.map((r) => {
    const ref = typeof r.ref === 'string' ? (JSON.parse(r.ref) as RecentRow['ref']) : r.ref;
    const route = ref?.route ?? null;
    const pageId = ref?.id ?? null;
    return {
      entity: r.entity,
      entityId: r.entityId,
      label: labelOf(r.entity),
      name: ref?.name ?? null,
      action: r.action,
      actionLabel: actionLabelOf(r.entity, r.action),
      time: r.time,
      path: route && pageId !== null && mayOpen(session, route) ? routeHref(route, { id: pageId }) : null,
    };
  });
}
