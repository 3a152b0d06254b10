import { materialsApi } from '@factory/shared/api/materials';
import { choicesOf } from '@factory/shared/entities/custom';
import {
  materialsAttributeEntity,
  materialsClassEntity,
  materialsEntity,
  unitEntity,
} from '@factory/shared/entities/materials';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { crud, qualified, type RowProblem } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { handle } from '../../platform/route.ts';
import {
  bomItems,
  materialAttributes,
  materialAttributeValues,
  materialClasses,
  materials,
  packages,
  processFlowMaterials,
  processFlows,
  units,
} from './schema.ts';

export const unit = crud({
  entity: unitEntity,
  table: units,
  usedBy: [
    { column: materials.mainUnitId, label: '物料（主单位）' },
    { column: materials.auxUnitId, label: '物料（辅单位）' },
  ],
});

/** A class cannot move under itself or one of its own descendants (one recursive query up from the new parent). */
async function checkClassParent(tx: Tx, values: Record<string, unknown>, id: number | null) {
  const parentId = values.parentId as number | null | undefined;
  if (id === null || !parentId) return;
  const [loop] = await tx
    .select({ one: sql`1` })
    .from(
      sql`(with recursive up(id, parent_id) as (
        select id, parent_id from material_class where id = ${parentId}
        union all
        select c.id, c.parent_id from material_class c join up on c.id = up.parent_id
      ) select id from up) as ancestors`,
    )
    .where(sql`ancestors.id = ${id}`)
    .limit(1);
  if (loop) throw fieldError('parentId', '上级分类不能是该分类本身或其下级分类');
}

export const materialsClass = crud({
  entity: materialsClassEntity,
  table: materialClasses,
  refs: { parentName: { id: materialClasses.id, name: materialClasses.name, code: materialClasses.code } },
  usedBy: [
    { column: materialClasses.parentId, label: '下级分类' },
    { column: materials.classId, label: '物料' },
  ],
  hooks: { validate: (tx, values, id) => checkClassParent(tx, values, id) },
});

/** Offered values as typed ('10kV、35kV', commas and semicolons too), trimmed, each once. */
export const normaliseOptions = (text: string) =>
  [
    ...new Set(
      text
        .split(/[、,，;；]/)
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  ].join('、');

export const materialsAttribute = crud({
  entity: materialsAttributeEntity,
  table: materialAttributes,
  usedBy: [{ column: materialAttributeValues.attributeId, label: '物料' }],
  hooks: {
    validate: async (tx, values, id) => {
      if (typeof values.options !== 'string') return;
      values.options = normaliseOptions(values.options) || null;
      if (id === null || !values.options) return;
      // a value materials already hold stays on offer, or their attribute would no longer fit
      const offered = choicesOf(values.options as string);
      const [held] = await tx
        .select({ value: materialAttributeValues.value })
        .from(materialAttributeValues)
        .where(
          and(
            eq(materialAttributeValues.attributeId, id),
            sql`${materialAttributeValues.value} <> all(${sql.param(offered)}::text[])`,
          ),
        )
        .limit(1);
      if (held) throw fieldError('options', `已有物料的该属性值为“${held.value}”，可选值中不能去掉它`);
    },
  },
});

/**
 * Replaces a material's attribute values: a blank value means the attribute is not set; each
 * attribute once; where the attribute offers values, one of them.
 */
async function setAttributes(tx: Tx, materialId: number, items: { attributeId: number; value: string }[]) {
  const given = items.map((i) => ({ ...i, value: i.value.trim() })).filter((i) => i.value);
  const ids = given.map((i) => i.attributeId);
  const found = ids.length
    ? await tx
        .select({
          id: materialAttributes.id,
          name: materialAttributes.name,
          options: materialAttributes.options,
        })
        .from(materialAttributes)
        .where(inArray(materialAttributes.id, ids))
    : [];
  const byId = new Map(found.map((a) => [a.id, a]));
  const seen = new Set<number>();
  for (const { attributeId, value } of given) {
    const a = byId.get(attributeId);
    if (!a) throw fieldError('attributes', '所选物料属性不存在或已被删除');
    if (seen.has(attributeId)) throw fieldError('attributes', `物料属性“${a.name}”重复`);
    seen.add(attributeId);
    const offered = choicesOf(a.options);
    if (offered.length && !offered.includes(value))
      throw fieldError('attributes', `${a.name}应为${offered.join('、')}之一`);
  }
  await tx.delete(materialAttributeValues).where(eq(materialAttributeValues.materialId, materialId));
  if (given.length) await tx.insert(materialAttributeValues).values(given.map((i) => ({ materialId, ...i })));
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** A material's rules across fields: units and their conversion, and stock limits in order. */
function materialRules(r: Record<string, unknown>): RowProblem[] {
  const problems: RowProblem[] = [];
  const conversion = num(r.conversion);
  if (r.auxUnitId) {
    if (r.auxUnitId === r.mainUnitId)
      problems.push({ field: 'auxUnitId', message: '辅单位不能与主单位相同' });
    if (conversion === null) problems.push({ field: 'conversion', message: '有辅单位时请输入换算率' });
    else if (conversion <= 0) problems.push({ field: 'conversion', message: '换算率必须大于0' });
  } else if (conversion !== null) problems.push({ field: 'auxUnitId', message: '填写换算率时请选择辅单位' });
  const lower = num(r.lowerLimit);
  const upper = num(r.upperLimit);
  if (lower !== null && upper !== null && lower > upper)
    problems.push({ field: 'lowerLimit', message: '库存下限不能大于库存上限' });
  return problems;
}

const outer = qualified(materials.id);
const unitRef = { id: units.id, name: units.name, code: units.code };

/** Materials the factory makes: finished and semi-finished products (they have or get a BOM). */
export const MADE_TYPES = [1, 2];

export const material = crud({
  entity: materialsEntity,
  table: materials,
  refs: {
    className: { id: materialClasses.id, name: materialClasses.name, code: materialClasses.code },
    mainUnitName: unitRef,
    auxUnitName: unitRef,
  },
  columnOf: { isVirtualMaterials: 'isVirtual' },
  columns: {
    attributes: sql`coalesce((select json_agg(json_build_object('attributeId', v.attribute_id, 'attributeName', a.name, 'value', v.value) order by a.code) from material_attribute_value v join material_attribute a on a.id = v.attribute_id where v.material_id = ${outer}), '[]'::json)`,
    attributeText: sql<
      string | null
    >`(select string_agg(a.name || '：' || v.value, '；' order by a.code) from material_attribute_value v join material_attribute a on a.id = v.attribute_id where v.material_id = ${outer})`,
    bomCount: sql<number>`(select count(*) from bom_item b where b.parent_id = ${outer})::int`.mapWith(
      Number,
    ),
  },
  selectWhere: eq(materials.enabled, true),
  usedBy: [
    { column: bomItems.childId, label: '上级物料的BOM' },
    // a product's own BOM goes first, on the BOM screen, so no structure disappears by accident
    {
      column: bomItems.parentId,
      label: 'BOM',
      message: (name) => `“${name}”已有BOM，请先在物料清单中删除其BOM`,
    },
    { column: packages.materialId, label: '包装信息' },
    { column: processFlows.materialId, label: '工艺路线' },
    { column: processFlowMaterials.materialId, label: '工艺路线的物料清单' },
  ],
  hooks: {
    checkRow: materialRules,
    saved: async (tx, id, body) => {
      const items = body.attributes as { attributeId: number; value: string }[] | undefined;
      if (items) await setAttributes(tx, id, items);
    },
  },
});

export const materialsRoutes = [
  ...unit.routes,
  ...materialsClass.routes,
  ...materialsAttribute.routes,
  ...material.routes,
  handle(materialsApi.finished, {
    handler: ({ tx, query }) => material.select(tx, query, inArray(materials.materialType, MADE_TYPES)),
  }),
  handle(materialsApi.byCode, {
    handler: ({ tx, query }) => {
      const code = query.code.trim();
      return tx
        .select(material.rowColumns)
        .from(materials)
        .where(
          and(
            eq(materials.enabled, true),
            sql`${materials.code} ilike ${`%${code.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
          ),
        )
        .orderBy(sql`${materials.code} = ${code} desc`, asc(materials.code))
        .limit(50);
    },
  }),
];
