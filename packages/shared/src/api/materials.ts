import { Type } from 'typebox';
import { entityEndpoints } from '../entities/endpoints.ts';
import { BOM_MAX_QUANTITY, materialsEntity } from '../entities/materials.ts';
import { endpoint } from './contract.ts';
import { ImportCheckResult, ImportError, ImportQuery, ImportWriteResult } from './import.ts';
import { IdQuery, ListPageQuery, PageResult, SelectQuery } from './list.ts';

export { BOM_MAX_QUANTITY };

/** Limits of a BOM line: a quantity per parent above 0 (BOM_MAX_QUANTITY at most), a loss rate in percent. */
export const BOM_MAX_LINES = 1000;

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

/** A row of the BOM list: a product with the size of its first level and its last change. */
export const BomRow = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  specifications: nullable(Type.String()),
  materialType: Type.Integer(),
  className: nullable(Type.String()),
  classId: nullable(Type.Integer()),
  mainUnitName: nullable(Type.String()),
  mainUnitId: Type.Integer(),
  bomCount: Type.Integer(),
  bomUpdatedAt: nullable(Type.String()),
});

const P = materialsEntity.api?.base ?? '';
/** The material's own calls: a product picker answers like its select list, a code look-up its rows. */
const materialCalls = entityEndpoints(materialsEntity);
/** Reading a BOM belongs to both the BOM screen and the material detail. */
const READ_BOM = { keys: ['materialsSettingList', 'materialsList'] };
const IMPORT_BOM = { keys: ['materialsSettingListImport'] };
const ParentQuery = Type.Object(
  { parentId: Type.Integer({ minimum: 1, title: '父件物料' }) },
  { additionalProperties: false },
);

/** The material calls beyond the generic ones: the products and the look-up by code. */
export const materialsApi = {
  finished: endpoint({
    method: 'GET',
    path: `${P}getFinishedMaterials`,
    summary: '成品与半成品选择列表（工艺路线、BOM 的产品）',
    access: { session: true },
    query: SelectQuery,
    result: materialCalls.list.result,
  }),
  byCode: endpoint({
    method: 'GET',
    path: `${P}getMaterialsListByCode`,
    summary: '按编码查物料（扫码或输入：完全相同的在前，其余包含该编码的在后，最多50条）',
    access: { session: true },
    query: Type.Object(
      { code: Type.String({ minLength: 1, maxLength: 32, title: '物料编码' }) },
      { additionalProperties: false },
    ),
    result: Type.Array(materialCalls.detail.result),
  }),
};

/** The bill of materials: the list, one level, the exploded tree, the reverse look-up, the files. */
export const bomApi = {
  listPage: endpoint({
    method: 'GET',
    path: `${P}getBomListPage`,
    summary: '物料清单列表：有BOM或可建BOM（成品、半成品）的物料及其子件数',
    access: { keys: ['materialsSettingList'] },
    query: ListPageQuery,
    result: PageResult(BomRow),
  }),
  lines: endpoint({
    method: 'GET',
    path: `${P}getBomList`,
    summary: '某物料BOM的一层明细',
    access: READ_BOM,
    query: ParentQuery,
    result: Type.Array(BomLine),
  }),
  tree: endpoint({
    method: 'GET',
    path: `${P}getBomTree`,
    summary: '展开的多级BOM（一条递归查询，累计用量 = 路径上 用量×(1+损耗率) 之积）',
    access: READ_BOM,
    query: IdQuery,
    result: Type.Array(BomNode),
  }),
  parents: endpoint({
    method: 'GET',
    path: `${P}getBomParents`,
    summary: '物料被哪些物料的BOM直接使用（反查）',
    access: READ_BOM,
    query: IdQuery,
    result: Type.Array(BomLine),
  }),
  save: endpoint({
    method: 'PUT',
    path: `${P}updateBomList`,
    summary: '保存某物料BOM的一层明细（整体替换，全部成功或全部不写）',
    access: { keys: ['materialsSettingListAdd', 'materialsSettingListModify'] },
    body: BomListBody,
    result: Type.Array(BomLine),
  }),
  copy: endpoint({
    method: 'POST',
    path: `${P}copyBom`,
    summary: '把一个物料的BOM复制给另一个物料（替换其原有的一层明细）',
    access: { keys: ['materialsSettingListCopy'] },
    body: BomCopyBody,
    result: Type.Array(BomLine),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${P}deleteBom`,
    summary: '删除某物料的BOM（其一层明细；子件物料本身不受影响）',
    access: { keys: ['materialsSettingListDel'] },
    query: ParentQuery,
  }),
  export: endpoint({
    method: 'GET',
    path: `${P}exportBom`,
    summary: '导出展开的多级BOM（含累计用量）',
    access: { keys: ['materialsSettingListExport'] },
    query: IdQuery,
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: `${P}importBomTemplate`,
    summary: '下载BOM导入模板',
    access: IMPORT_BOM,
  }),
  importErrors: endpoint({
    method: 'POST',
    path: `${P}importBomErrors`,
    summary: '下载BOM导入校验错误清单',
    access: IMPORT_BOM,
    body: Type.Array(ImportError, { maxItems: 200_000 }),
  }),
  import: endpoint({
    method: 'POST',
    path: `${P}importBom`,
    summary:
      '导入BOM：文件中每个父件的明细整体替换其第一层（mode=check 校验，mode=write 写入，全部成功或全部不写）',
    access: IMPORT_BOM,
    multipart: true,
    query: ImportQuery,
    result: Type.Union([ImportCheckResult, ImportWriteResult]),
  }),
};
