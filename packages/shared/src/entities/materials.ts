import { Type } from 'typebox';
import { lotSizeRule, materialType, procurementType } from '../enums/index.ts';
import { defineEntity, type FieldDecl } from './define.ts';
import { codeField, createdAtField, idField, nameField, remarkField, statusField } from './information.ts';

const M = 'basicData/materials/private/';

/** The most one BOM line may use of its child per parent (the import checks it like the editor). */
export const BOM_MAX_QUANTITY = 1_000_000_000;

/** Units of measure (kg, 米, 台 …): a material counts in a main unit and optionally an auxiliary one. */
export const unitEntity = defineEntity({
  name: 'unit',
  label: '计量单位',
  route: 'materialsUnit',
  defaultOrder: '+code',
  api: { base: `${M}unit/`, name: 'Unit' },
  fields: {
    id: idField,
    code: codeField('单位编码', 120),
    name: { ...nameField('单位名称', 120), maxLength: 20 },
    // MRP orders a precision-0 unit in whole numbers (docs/mrp.md)
    precision: {
      label: '小数位数',
      type: 'integer',
      min: 0,
      max: 6,
      placeholder: '0：只计整数（如台、件）',
      width: 100,
    },
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/** Material classes, a tree (原材料 → 金属材料); names are unique so imports can name them. */
export const materialsClassEntity = defineEntity({
  name: 'materialsClass',
  label: '物料分类',
  route: 'materialsClass',
  defaultOrder: '+sort',
  api: { base: `${M}materialsClass/`, name: 'MaterialsClass' },
  autoCode: { prefix: 'WLFL', seqLength: 3 },
  fields: {
    id: idField,
    name: nameField('分类名称', 220),
    code: codeField('分类编码', 140, true),
    parentName: {
      label: '上级分类',
      type: 'string',
      ref: { entity: 'materialsClass', by: 'name', idField: 'parentId' },
      width: 160,
    },
    sort: { label: '排序', type: 'integer', min: 0, max: 100_000, sort: true, width: 80 },
    remark: remarkField,
    createdAt: { ...createdAtField, list: false },
  },
});

/** Attributes a material can carry (电压等级, 容量 …), with the values offered for them. */
export const materialsAttributeEntity = defineEntity({
  name: 'materialsAttribute',
  label: '物料属性',
  route: 'materialsAttribute',
  defaultOrder: '+code',
  api: { base: `${M}materialsAttribute/`, name: 'MaterialsAttribute' },
  autoCode: { prefix: 'SX', seqLength: 3 },
  fields: {
    id: idField,
    code: codeField('属性编码', 140, true),
    name: nameField('属性名称'),
    options: {
      label: '可选值',
      type: 'string',
      maxLength: 500,
      placeholder: '多个可选值用“、”分隔，留空则填写物料时自由输入',
      filter: ['like'],
      width: 320,
    },
    remark: remarkField,
    createdAt: createdAtField,
  },
});

const unitRef = <I extends string>(label: string, idField: I, required = false) =>
  ({
    label,
    type: 'string',
    required,
    ref: { entity: 'unit', by: 'name', idField },
    import: true,
    width: 90,
  }) satisfies FieldDecl;
/** A lot-size quantity of the MRP parameters. */
const lotQuantity = (label: string) =>
  ({ label, type: 'number', min: 0, max: 1_000_000_000, list: false, width: 100 }) satisfies FieldDecl;

const stockLimit = (label: string) =>
  ({
    label,
    type: 'number',
    min: 0,
    max: 1_000_000_000_000,
    sort: true,
    import: true,
    width: 110,
  }) satisfies FieldDecl;

/**
 * Materials (物料信息): what the factory buys, makes and sells. Names repeat across
 * specifications (漆包铜线 Φ1.0 and Φ1.2), so only the code is unique. Virtual materials exist for
 * planning only and are never offered in material selects (spec 000 §5).
 */
export const materialsEntity = defineEntity({
  name: 'materials',
  extraRow: {
    attributes: Type.Array(
      Type.Object({ attributeId: Type.Integer(), attributeName: Type.String(), value: Type.String() }),
    ),
  },
  extraBody: {
    attributes: Type.Optional(
      Type.Array(
        Type.Object(
          {
            attributeId: Type.Integer({ minimum: 1, title: '属性' }),
            value: Type.String({ maxLength: 200, title: '属性值' }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 100, title: '物料属性' },
      ),
    ),
  },
  label: '物料',
  route: 'materialsList',
  defaultOrder: '+code',
  api: { base: `${M}materials/`, name: 'Materials' },
  autoCode: { prefix: 'WL', seqLength: 6 },
  customFields: true,
  fields: {
    id: idField,
    code: codeField('物料编码', 150, true),
    name: { ...nameField('物料名称', 180), unique: false },
    specifications: {
      label: '规格型号',
      type: 'string',
      maxLength: 100,
      filter: ['like'],
      sort: true,
      import: true,
      width: 180,
    },
    materialType: {
      label: '物料类型',
      type: 'enum',
      enum: materialType,
      required: true,
      filter: ['eq', 'in'],
      sort: true,
      import: true,
      width: 100,
    },
    className: {
      label: '物料分类',
      type: 'string',
      ref: { entity: 'materialsClass', by: 'name', idField: 'classId' },
      filter: ['like'],
      sort: true,
      import: true,
      width: 120,
    },
    mainUnitName: unitRef('主单位', 'mainUnitId', true),
    auxUnitName: { ...unitRef('辅单位', 'auxUnitId'), list: false },
    conversion: {
      label: '换算率',
      type: 'number',
      min: 0,
      max: 1_000_000_000,
      placeholder: '1个主单位等于多少辅单位',
      import: true,
      list: false,
      width: 100,
    },
    lowerLimit: stockLimit('库存下限'),
    upperLimit: stockLimit('库存上限'),
    procurementType: {
      label: '供应方式',
      type: 'enum',
      enum: procurementType,
      filter: ['eq', 'in'],
      placeholder: '不填按物料类型：原材料、辅料外购，半成品、成品自制',
      list: false,
      width: 90,
    },
    leadTimeDays: { label: '提前期(工作日)', type: 'integer', min: 0, max: 365, list: false, width: 110 },
    lotSizeRule: { label: '批量规则', type: 'enum', enum: lotSizeRule, list: false, width: 110 },
    fixedLotQty: { ...lotQuantity('固定批量'), placeholder: '批量规则为固定批量时填写' },
    minOrderQty: { ...lotQuantity('最小订货量'), placeholder: '批量规则为最小量+倍数时填写' },
    orderMultiple: { ...lotQuantity('订货倍数'), placeholder: '批量规则为最小量+倍数时填写' },
    periodDays: {
      label: '合并天数',
      type: 'integer',
      min: 1,
      max: 90,
      placeholder: '批量规则为按天数合并时填写',
      list: false,
      width: 90,
    },
    isVirtualMaterials: {
      label: '虚拟物料',
      type: 'boolean',
      filter: ['eq'],
      import: true,
      list: false,
      width: 90,
    },
    isEnabled: statusField,
    attributeText: { label: '物料属性', type: 'string', form: false, width: 240 },
    bomCount: {
      label: 'BOM子件数',
      type: 'integer',
      form: false,
      readOnly: true,
      sort: true,
      list: false,
      width: 100,
    },
    remark: remarkField,
    createdAt: createdAtField,
  },
});

const mf = materialsEntity.fields;

/**
 * The bill-of-materials list (物料清单): the products that have a BOM or can have one (成品 and
 * 半成品), with how many lines the first level has. Rows are materials; the BOM is edited on
 * edit-bom/:id.
 */
export const bomEntity = defineEntity({
  name: 'bom',
  label: '物料清单',
  route: 'materialsSettingList',
  // finished products first, then semi-finished (by code within each)
  defaultOrder: '-materialType',
  api: { base: `${M}materials/`, name: 'Bom' },
  fields: {
    id: idField,
    code: mf.code,
    name: mf.name,
    specifications: mf.specifications,
    materialType: { ...mf.materialType, filter: ['eq'] },
    className: mf.className,
    mainUnitName: mf.mainUnitName,
    bomCount: { ...mf.bomCount, label: '子件数', list: true },
    bomUpdatedAt: {
      label: 'BOM更新时间',
      type: 'datetime',
      readOnly: true,
      sort: true,
      width: 170,
    },
  },
});

/**
 * One BOM line as a bulk load (物料清单 → 导入): parent and child by material code. The lines a
 * file gives a parent replace that parent's first level, as saving it in edit-bom would.
 */
export const bomImportEntity = defineEntity({
  name: 'bomLine',
  label: 'BOM明细',
  route: 'materialsSettingList',
  defaultOrder: '+parentCode',
  fields: {
    parentCode: {
      label: '父件编码',
      type: 'string',
      required: true,
      ref: { entity: 'materials', by: 'code', idField: 'parentId' },
      import: true,
    },
    childCode: {
      label: '子件编码',
      type: 'string',
      required: true,
      ref: { entity: 'materials', by: 'code', idField: 'childId' },
      import: true,
    },
    quantity: { label: '用量', type: 'number', required: true, min: 0, max: BOM_MAX_QUANTITY, import: true },
    lossRate: { label: '损耗率(%)', type: 'number', min: 0, max: 100, import: true },
    sort: { label: '排序', type: 'integer', min: 0, max: 100_000, import: true },
    remark: { label: '备注', type: 'string', maxLength: 200, import: true },
  },
});
