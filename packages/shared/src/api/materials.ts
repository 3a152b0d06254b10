import { Type } from 'typebox';

/** Limits of a BOM line: a quantity per parent above 0, a loss rate in percent. */
export const BOM_MAX_LINES = 1000;
export const BOM_MAX_QUANTITY = 1_000_000_000;

const nullable = <T extends import('typebox').TSchema>(s: T) => Type.Union([s, Type.Null()]);

/** One line of a BOM level as the editor sends it. */
export const BomLineBody = Type.Object(
  {
    childId: Type.Integer({ minimum: 1, title: '子件物料' }),
    quantity: Type.Number({ exclusiveMinimum: 0, maximum: BOM_MAX_QUANTITY, title: '用量' }),
    lossRate: Type.Optional(Type.Number({ minimum: 0, maximum: 100, title: '损耗率' })),
    sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, title: '排序' })),
    remark: Type.Optional(nullable(Type.String({ maxLength: 200, title: '备注' }))),
  },
  { additionalProperties: false },
);

/** updateBomList: the whole first level of a product's BOM, replacing what it had. */
export const BomListBody = Type.Object(
  {
    parentId: Type.Integer({ minimum: 1, title: '父件物料' }),
    items: Type.Array(BomLineBody, { maxItems: BOM_MAX_LINES, title: 'BOM明细' }),
  },
  { additionalProperties: false },
);

/** copyBom: the first level of one product's BOM becomes another's. */
export const BomCopyBody = Type.Object(
  {
    fromId: Type.Integer({ minimum: 1, title: '复制来源' }),
    toId: Type.Integer({ minimum: 1, title: '目标物料' }),
  },
  { additionalProperties: false },
);

/** The material a BOM line or node shows. */
const materialColumns = {
  materialId: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  specifications: nullable(Type.String()),
  materialType: Type.Integer(),
  unitName: nullable(Type.String()),
};

/** One line of one BOM level (getBomList), or a parent using a material (getBomParents). */
export const BomLine = Type.Object({
  id: Type.Integer(),
  ...materialColumns,
  quantity: Type.Number(),
  lossRate: Type.Number(),
  sort: Type.Integer(),
  remark: nullable(Type.String()),
  /** Lines of the material's own BOM (0: bought in or not yet broken down). */
  bomCount: Type.Integer(),
});

/**
 * A node of the exploded BOM (getBomTree), depth first: the product itself (level 0, no line),
 * then every line below it. `key` is the path of line ids, so a component used in two places
 * is two nodes; `totalQuantity` is what one product needs, the product of quantity × (1 + loss
 * rate) along the path.
 */
export const BomNode = Type.Object({
  key: Type.String(),
  parentKey: nullable(Type.String()),
  level: Type.Integer(),
  lineId: nullable(Type.Integer()),
  ...materialColumns,
  quantity: nullable(Type.Number()),
  lossRate: nullable(Type.Number()),
  totalQuantity: Type.Number(),
});
