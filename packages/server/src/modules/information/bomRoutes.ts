import { type BomListBody, type BomNode, bomApi } from '@factory/shared/api/materials';
import { bomEntity } from '@factory/shared/entities/materials';
import { materialType } from '@factory/shared/enums';
import { asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Static } from 'typebox';
import { audit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { streamXlsx, type XlsxColumn } from '../../platform/excel/export.ts';
import { listFieldsOf, listPage, orderOf } from '../../platform/list.ts';
import { handle } from '../../platform/route.ts';
import { MADE_TYPES, material } from './materialsRoutes.ts';
import { bomItems, materials, units } from './schema.ts';

type Line = Static<typeof BomListBody>['items'][number];
type Node = Static<typeof BomNode>;

const rowsOf = <T>(res: unknown): T[] => (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The exploded BOM below a material in one recursive query: every line down every path, depth
 * first in each level's sort order, with the quantity one product needs — the product of
 * quantity × (1 + loss rate) along the path, kept to 12 decimals per level so the numbers stay
 * short. Each level looks its lines up by parent through the index (the lateral subquery, kept
 * apart by `offset 0`, instead of a hash join over every line of the tenant), the materials are
 * read once each by primary key, and the depth-first order is one fixed-width text per path
 * (sort and line id, zero-padded) compared bytewise, cheaper to sort than integer arrays. A path never revisits a material, so even a loop written
 * around the service could not make it run away. Exported for the benchmark.
 */
export const bomTreeSql = (id: number) => sql`
  with recursive tree as (
    select b.id as line_id, b.child_id, 1 as level, b.quantity, b.loss_rate,
      round(b.quantity * (100 + b.loss_rate) / 100, 12) as total,
      array[b.parent_id, b.child_id] as path,
      lpad(b.sort::text, 6, '0') || lpad(b.id::text, 10, '0') as ord,
      b.id::text as key, null::text as parent_key
    from bom_item b where b.parent_id = ${id}
    union all
    select b.id, b.child_id, t.level + 1, b.quantity, b.loss_rate,
      round(t.total * b.quantity * (100 + b.loss_rate) / 100, 12),
      t.path || b.child_id,
      t.ord || lpad(b.sort::text, 6, '0') || lpad(b.id::text, 10, '0'),
      t.key || '.' || b.id, t.key
    from tree t cross join lateral (
      select b.id, b.child_id, b.quantity, b.loss_rate, b.sort from bom_item b
      where b.parent_id = t.child_id and b.child_id <> all(t.path)
      offset 0
    ) b
  ),
  part as materialized (
    select m.id, m.code, m.name, m.specifications, m.material_type, u.name as unit_name
    from material m left join unit u on u.id = m.main_unit_id
    where m.id = any(array(select distinct child_id from tree))
  )
  select t.key, t.parent_key as "parentKey", t.level, t.line_id as "lineId", p.id as "materialId",
    p.code, p.name, p.specifications, p.material_type as "materialType", p.unit_name as "unitName",
    t.quantity, t.loss_rate as "lossRate", round(t.total, 6) as "totalQuantity", t.ord
  from tree t
  join part p on p.id = t.child_id
  order by t.ord collate "C"`;

const nodeOf = (r: Record<string, unknown>): Node => ({
  key: String(r.key),
  parentKey: r.parentKey === null ? null : String(r.parentKey),
  level: Number(r.level),
  lineId: num(r.lineId),
  materialId: Number(r.materialId),
  code: String(r.code),
  name: String(r.name),
  specifications: (r.specifications as string | null) ?? null,
  materialType: Number(r.materialType),
  unitName: (r.unitName as string | null) ?? null,
  quantity: num(r.quantity),
  lossRate: num(r.lossRate),
  totalQuantity: Number(r.totalQuantity),
});

const materialRow = {
  materialId: materials.id,
  code: materials.code,
  name: materials.name,
  specifications: materials.specifications,
  materialType: materials.materialType,
  unitName: units.name,
};

async function materialOf(tx: Tx, id: number) {
  const [m] = await tx
    .select(materialRow)
    .from(materials)
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .where(eq(materials.id, id));
  if (!m) throw notFound('物料');
  return m;
}

/**
 * The same tree as one JSON text built by PostgreSQL, in the BomNode shape: a 5 000-node BOM then
 * leaves the database as one value instead of 5 000 rows for the server to map and serialise.
 * Quantities go out as plain numbers (1.5, not 1.500000): the JSON is a sixth smaller.
 */
const bomTreeJsonSql = (id: number) => sql`
  select coalesce(json_agg(node order by q.ord collate "C"), '[]')::text as json
  from (${bomTreeSql(id)}) q
  cross join lateral (select q.key, coalesce(q."parentKey", '0') as "parentKey", q.level, q."lineId",
    q."materialId", q.code, q.name, q.specifications, q."materialType", q."unitName",
    q.quantity::float8 as quantity, q."lossRate"::float8 as "lossRate",
    q."totalQuantity"::float8 as "totalQuantity") node`;

/** The product itself, then its exploded BOM. */
const rootNode = (m: Awaited<ReturnType<typeof materialOf>>): Node => ({
  key: '0',
  parentKey: null,
  level: 0,
  lineId: null,
  ...m,
  quantity: null,
  lossRate: null,
  totalQuantity: 1,
});

export async function bomTree(tx: Tx, id: number): Promise<Node[]> {
  const root = rootNode(await materialOf(tx, id));
  const rows = rowsOf<Record<string, unknown>>(await tx.execute(bomTreeSql(id)));
  return [
    root,
    ...rows.map((r) => ({ ...nodeOf(r), parentKey: r.parentKey === null ? '0' : String(r.parentKey) })),
  ];
}

const childBomCount = sql<number>`(select count(*) from bom_item c where c.parent_id = ${materials.id})::int`;

/** One level of a BOM: the lines under `parentId`, in their order. */
function bomLines(tx: Tx, parentId: number) {
  return tx
    .select({
      id: bomItems.id,
      ...materialRow,
      quantity: sql<number>`${bomItems.quantity}`.mapWith(Number),
      lossRate: sql<number>`${bomItems.lossRate}`.mapWith(Number),
      sort: bomItems.sort,
      remark: bomItems.remark,
      bomCount: childBomCount.mapWith(Number),
    })
    .from(bomItems)
    .innerJoin(materials, eq(materials.id, bomItems.childId))
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .where(eq(bomItems.parentId, parentId))
    .orderBy(asc(bomItems.sort), asc(bomItems.id));
}

/**
 * A line may not put the parent below itself: refused when a new child is the parent or holds
 * it anywhere in its own BOM. One recursive query walks up from the parent through everything
 * that contains it; meeting a new child closes a loop, whose path names the refusal.
 */
async function findCycle(tx: Tx, parentId: number, childIds: number[]): Promise<number[] | undefined> {
  if (!childIds.length) return undefined;
  const rows = rowsOf<{ path: number[] }>(
    await tx.execute(sql`
      with recursive up(node, path) as (
        select ${parentId}::int, array[${parentId}::int]
        union all
        select b.parent_id, u.path || b.parent_id
        from bom_item b join up u on b.child_id = u.node
        where b.parent_id <> all(u.path)
      )
      select path from up where node = any(${sql.param(childIds)}::int[]) limit 1`),
  );
  const path = rows[0]?.path;
  // up from the parent: [parent, …, child]; the loop reads parent → child → … → parent
  return path ? [parentId, ...[...path].reverse().map(Number)] : undefined;
}

/**
 * Replaces a product's first BOM level with `items` (replace-all, in the route's transaction,
 * so a refused line leaves the old lines as they were). Checks: the product makes sense to
 * break down (成品/半成品), every child exists once, quantities and loss rates are in range
 * (the schema), and no line closes a loop.
 */
export async function saveBomLines(tx: Tx, actorId: number | null, parentId: number, items: Line[]) {
  const [parent] = await tx
    .select({ id: materials.id, name: materials.name, materialType: materials.materialType })
    .from(materials)
    .where(eq(materials.id, parentId));
  if (!parent) throw notFound('物料');
  if (items.length && !MADE_TYPES.includes(parent.materialType))
    throw fieldError(
      'parentId',
      `“${parent.name}”是${materialType.label(parent.materialType)}，只有成品或半成品可以维护BOM`,
    );
  const ids = items.map((i) => i.childId);
  const found = ids.length
    ? await tx
        .select({ id: materials.id, name: materials.name })
        .from(materials)
        .where(inArray(materials.id, ids))
    : [];
  const names = new Map(found.map((m) => [m.id, m.name]));
  names.set(parent.id, parent.name);
  const seen = new Set<number>();
  items.forEach((item, i) => {
    const name = names.get(item.childId);
    if (name === undefined) throw fieldError(`items.${i}.childId`, '所选子件物料不存在或已被删除');
    if (seen.has(item.childId)) throw fieldError(`items.${i}.childId`, `子件“${name}”重复`);
    seen.add(item.childId);
  });
  const loop = await findCycle(tx, parentId, ids);
  if (loop) {
    const namesOfLoop = await tx
      .select({ id: materials.id, name: materials.name })
      .from(materials)
      .where(inArray(materials.id, loop));
    const byId = new Map(namesOfLoop.map((m) => [m.id, m.name]));
    const at = ids.indexOf(loop[1]);
    throw fieldError(
      `items.${at}.childId`,
      `BOM不能循环引用：${loop.map((id) => byId.get(id) ?? String(id)).join(' → ')}`,
    );
  }
  await tx.delete(bomItems).where(eq(bomItems.parentId, parentId));
  if (items.length)
    await tx.insert(bomItems).values(
      items.map((item, i) => ({
        parentId,
        childId: item.childId,
        quantity: String(item.quantity),
        lossRate: String(item.lossRate ?? 0),
        sort: item.sort ?? (i + 1) * 10,
        remark: item.remark?.trim() || null,
      })),
    );
  await audit(tx, actorId, 'bom', parentId, 'modify', { items });
}

// the BOM list: materials that have lines or may get them, with their line count and last change
const bomColumns: Record<string, SQL | PgColumn> = {
  id: materials.id,
  code: materials.code,
  name: materials.name,
  specifications: materials.specifications,
  materialType: materials.materialType,
  className: material.rowColumns.className,
  classId: materials.classId,
  mainUnitName: material.rowColumns.mainUnitName,
  mainUnitId: materials.mainUnitId,
  bomCount: material.rowColumns.bomCount,
  bomUpdatedAt: sql<
    string | null
  >`(select to_char(max(b.updated_at) at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') from bom_item b where b.parent_id = ${materials.id})`,
};
const bomListFields = listFieldsOf(bomEntity, bomColumns);

/** Columns of the exploded BOM file. */
const bomFileColumns: XlsxColumn[] = [
  { header: '序号', key: 'outline', width: 12 },
  { header: '层级', key: 'level', width: 6 },
  { header: '物料编码', key: 'code', width: 20 },
  { header: '物料名称', key: 'name', width: 28 },
  { header: '规格型号', key: 'specifications', width: 24 },
  {
    header: '物料类型',
    key: 'materialType',
    width: 10,
    cell: (v) => materialType.label(v, String(v)),
  },
  { header: '单位', key: 'unitName', width: 8 },
  { header: '单位用量', key: 'quantity', width: 12 },
  { header: '损耗率(%)', key: 'lossRate', width: 10 },
  { header: '累计用量', key: 'totalQuantity', width: 14 },
];

/** '1', '1.2', '1.2.3': a node's place among its siblings, level by level. */
function outlined(nodes: Node[]) {
  const counts = new Map<string, number>();
  const outline = new Map<string, string>();
  return nodes.map((n) => {
    if (n.parentKey === null) return { ...n, outline: '' };
    const k = (counts.get(n.parentKey) ?? 0) + 1;
    counts.set(n.parentKey, k);
    const above = outline.get(n.parentKey);
    const mine = above ? `${above}.${k}` : String(k);
    outline.set(n.key, mine);
    return { ...n, outline: mine };
  });
}

export const bomRoutes = [
  handle(bomApi.listPage, {
    handler: ({ tx, query }) =>
      listPage(
        ({ total }) => tx.select({ ...bomColumns, __total: total }).from(materials),
        bomListFields,
        query,
        {
          where: or(
            inArray(materials.materialType, MADE_TYPES),
            sql`exists (select 1 from bom_item b where b.parent_id = ${materials.id})`,
          ),
          defaultOrder: [
            ...orderOf(bomListFields, bomEntity.defaultOrder),
            asc(materials.code),
            asc(materials.id),
          ],
        },
      ),
  }),
  handle(bomApi.lines, {
    handler: async ({ tx, query }) => {
      await materialOf(tx, query.parentId);
      return bomLines(tx, query.parentId);
    },
  }),
  handle(bomApi.tree, {
    handler: async ({ tx, query, reply }) => {
      const root = rootNode(await materialOf(tx, query.id));
      const [{ json }] = rowsOf<{ json: string }>(await tx.execute(bomTreeJsonSql(query.id)));
      const lines = json === '[]' ? '' : `,${json.slice(1, -1)}`;
      // already JSON: sent as it is, past the serialiser (the shape is BomNode's, built in SQL)
      return reply
        .type('application/json; charset=utf-8')
        .send(`{"errorCode":0,"result":[${JSON.stringify(root)}${lines}],"errorMsg":""}`);
    },
  }),
  handle(bomApi.parents, {
    handler: async ({ tx, query }) => {
      await materialOf(tx, query.id);
      return tx
        .select({
          id: bomItems.id,
          ...materialRow,
          quantity: sql<number>`${bomItems.quantity}`.mapWith(Number),
          lossRate: sql<number>`${bomItems.lossRate}`.mapWith(Number),
          sort: bomItems.sort,
          remark: bomItems.remark,
          bomCount: childBomCount.mapWith(Number),
        })
        .from(bomItems)
        .innerJoin(materials, eq(materials.id, bomItems.parentId))
        .leftJoin(units, eq(units.id, materials.mainUnitId))
        .where(eq(bomItems.childId, query.id))
        .orderBy(asc(materials.code));
    },
  }),
  handle(bomApi.save, {
    handler: async ({ tx, session, body }) => {
      await saveBomLines(tx, session.userId, body.parentId, body.items);
      return bomLines(tx, body.parentId);
    },
  }),
  handle(bomApi.copy, {
    handler: async ({ tx, session, body }) => {
      const lines = await bomLines(tx, body.fromId);
      if (!lines.length) throw fieldError('fromId', '复制来源没有BOM明细');
      await saveBomLines(
        tx,
        session.userId,
        body.toId,
        lines.map((l) => ({
          childId: l.materialId,
          quantity: l.quantity,
          lossRate: l.lossRate,
          sort: l.sort,
          remark: l.remark,
        })),
      );
      return bomLines(tx, body.toId);
    },
  }),
  handle(bomApi.remove, {
    handler: async ({ tx, session, query }) => {
      await saveBomLines(tx, session.userId, query.parentId, []);
      return true;
    },
  }),
  handle(bomApi.export, {
    handler: async ({ tx, query, reply }) => {
      const nodes = outlined(await bomTree(tx, query.id));
      const root = nodes[0];
      await streamXlsx(reply, {
        fileName: `${root.code} ${root.name} BOM`,
        sheetName: 'BOM',
        columns: bomFileColumns,
        rows: nodes,
      });
    },
  }),
];
