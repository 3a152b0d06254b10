import { Type } from 'typebox';
import { inboundType, outboundType, stockDirection } from '../enums/index.ts';
import { defineEntity, type FieldDecl } from './define.ts';
import {
  codeField,
  createdAtField,
  idField,
  nameField,
  remarkField,
  statusField,
  toggledStatusField,
} from './information.ts';
import { addressField } from './partner.ts';

const W = 'warehouse/private/';

const keeperField = {
  label: '仓管员',
  type: 'string',
  ref: { entity: 'user', by: 'name', idField: 'keeperId' },
  filter: ['like'],
  sort: true,
  import: true,
  width: 100,
} as const satisfies FieldDecl;
const countField = (label: string) =>
  ({
    label,
    type: 'integer',
    form: false,
    readOnly: true,
    sort: true,
    width: 80,
  }) satisfies FieldDecl;

/**
 * Warehouses (仓库建模): where stock is kept, each divided into areas (库区) and those into
 * locations (库位). Line-side warehouses are rows of the same table with their own screen.
 */
export const warehouseEntity = defineEntity({
  name: 'warehouse',
  extraRow: { kind: Type.Integer() },
  label: '仓库',
  route: 'warehouseModel',
  defaultOrder: '+code',
  api: { base: `${W}warehouse/`, name: 'Warehouse' },
  autoCode: { prefix: 'CK', seqLength: 3 },
  customFields: true,
  fields: {
    id: idField,
    code: codeField('仓库编码', 120, true),
    name: nameField('仓库名称', 140),
    keeperName: keeperField,
    address: { ...addressField, label: '仓库地址', width: 200 },
    areaCount: countField('库区数'),
    locationCount: countField('库位数'),
    // spare parts (备品备件) are kept and issued from these (docs/spare-parts.md)
    isSpare: { label: '备件仓', type: 'boolean', filter: ['eq'], sort: true, import: true, width: 80 },
    isEnabled: statusField,
    remark: remarkField,
    createdAt: { ...createdAtField, list: false },
  },
});

/** Areas of a warehouse (库区: 铜材区, 成品区 …). Codes are unique across the tenant's warehouses. */
export const warehouseAreaEntity = defineEntity({
  name: 'warehouseArea',
  label: '库区',
  route: 'warehouseModel',
  defaultOrder: '+code',
  api: { base: `${W}warehouseArea/`, name: 'WarehouseArea' },
  autoCode: { prefix: 'KQ', seqLength: 3 },
  fields: {
    id: idField,
    code: codeField('库区编码', 110, true),
    name: { ...nameField('库区名称', 130), unique: false },
    warehouseName: {
      label: '所属仓库',
      type: 'string',
      required: true,
      ref: { entity: 'warehouse', by: 'name', idField: 'warehouseId' },
      filter: ['like'],
      sort: true,
      import: true,
      width: 120,
    },
    locationCount: countField('库位数'),
    remark: { ...remarkField, width: 160 },
    createdAt: { ...createdAtField, list: false },
  },
});

/**
 * Locations (库位: A-01-01, row-shelf-level) of an area. Keepers load hundreds at once, so the
 * import names the area by its code.
 */
export const warehouseLocationEntity = defineEntity({
  name: 'warehouseLocation',
  label: '库位',
  route: 'warehouseModel',
  defaultOrder: '+code',
  api: { base: `${W}warehouseLocation/`, name: 'WarehouseLocation' },
  fields: {
    id: idField,
    code: codeField('库位编码', 120),
    name: { ...nameField('库位名称', 130), unique: false },
    warehouseAreaName: {
      label: '所属库区',
      type: 'string',
      required: true,
      ref: { entity: 'warehouseArea', by: 'code', idField: 'warehouseAreaId' },
      importHeader: '库区编码',
      filter: ['like'],
      sort: true,
      import: true,
      width: 110,
    },
    warehouseName: { label: '所属仓库', type: 'string', form: false, filter: ['like'], width: 110 },
    capacity: {
      label: '容量',
      type: 'number',
      min: 0,
      max: 1_000_000_000,
      placeholder: '可存放的最大数量，留空不限',
      sort: true,
      import: true,
      width: 90,
    },
    isEnabled: statusField,
    remark: { ...remarkField, width: 160 },
    createdAt: { ...createdAtField, list: false },
  },
});

/** Line-side warehouses (线边仓设置): stock kept beside a production line for it to use. */
export const sitWarehouseEntity = defineEntity({
  name: 'sitWarehouse',
  label: '线边仓',
  route: 'sitWarehouse',
  defaultOrder: '+code',
  api: { base: `${W}sitWarehouse/`, name: 'SitWarehouse' },
  autoCode: { prefix: 'XBC', seqLength: 3 },
  customFields: true,
  fields: {
    id: idField,
    code: codeField('线边仓编码', 130, true),
    name: nameField('线边仓名称', 160),
    areaName: {
      label: '所属产线',
      type: 'string',
      required: true,
      ref: { entity: 'area', by: 'name', idField: 'areaId' },
      filter: ['like'],
      sort: true,
      import: true,
      width: 140,
    },
    keeperName: keeperField,
    address: { ...addressField, label: '存放位置', width: 200 },
    isEnabled: toggledStatusField,
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/** Trays (托盘信息): the pallets goods are stacked and moved on. */
export const trayEntity = defineEntity({
  name: 'tray',
  label: '托盘',
  route: 'trayInfo',
  defaultOrder: '+code',
  api: { base: `${W}tray/`, name: 'Tray' },
  autoCode: { prefix: 'TP', seqLength: 4 },
  customFields: true,
  fields: {
    id: idField,
    code: codeField('托盘编码', 130, true),
    // trays are physical items of a few kinds: many share a name
    name: { ...nameField('托盘名称', 160), unique: false },
    specifications: {
      label: '规格',
      type: 'string',
      maxLength: 100,
      placeholder: '如 1200×1000×150mm',
      filter: ['like'],
      sort: true,
      import: true,
      width: 160,
    },
    maxLoad: {
      label: '最大承重(kg)',
      type: 'number',
      min: 0,
      max: 1_000_000,
      sort: true,
      import: true,
      width: 120,
    },
    isEnabled: statusField,
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/** The inbound or outbound types a stock-in/out type of a direction may book as. */
export const bookAsTypes = (direction: unknown) => (direction === 1 ? outboundType : inboundType);

/**
 * Stock-in/out types (出入库类型, the spec's spare-part-set): the tenant's names for stock moves,
 * each booking as one of the spec's inbound types (direction 入库) or outbound types (出库).
 */
export const stockTypeEntity = defineEntity({
  name: 'stockType',
  extraBody: { bookAs: Type.Integer({ minimum: 0, maximum: 9, title: '记账类型' }) },
  label: '出入库类型',
  route: 'sparePartSet',
  // stock-in types first, then stock-out (each in the order made)
  defaultOrder: '+direction',
  api: { base: `${W}stockType/`, name: 'StockType' },
  fields: {
    id: idField,
    code: codeField('类型编码', 120),
    name: nameField('类型名称', 160),
    direction: {
      label: '方向',
      type: 'enum',
      enum: stockDirection,
      required: true,
      filter: ['eq'],
      sort: true,
      width: 80,
    },
    // its choices depend on the direction: the screen's own select, the validate hook checks it
    bookAs: {
      label: '记账类型',
      type: 'integer',
      required: true,
      form: false,
      filter: ['eq'],
      sort: true,
      width: 120,
    },
    isEnabled: toggledStatusField,
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/** One level of a package, innermost first: `quantity` of the level below (level 1: main units). */
export interface PackageLevel {
  level: number;
  name: string;
  quantity: number;
}

/**
 * Packaging specifications (包装信息) of a material: levels from the innermost (箱) outwards (托),
 * each holding a quantity of the level below; the outermost holds their product in main units.
 */
export const packageInfoEntity = defineEntity({
  name: 'packageInfo',
  extraRow: {
    levels: Type.Array(Type.Object({ level: Type.Integer(), name: Type.String(), quantity: Type.Number() })),
  },
  extraBody: {
    levels: Type.Array(
      Type.Object(
        {
          name: Type.String({ minLength: 1, maxLength: 20, title: '层级名称' }),
          quantity: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000, title: '数量' }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 6, title: '包装层级' },
    ),
  },
  label: '包装',
  route: 'packageInfo',
  defaultOrder: '+code',
  api: { base: `${W}packageInfo/`, name: 'PackageInfo' },
  autoCode: { prefix: 'BZ', seqLength: 4 },
  fields: {
    id: idField,
    code: codeField('包装编码', 120, true),
    name: { ...nameField('包装名称', 160), unique: false },
    materialName: {
      label: '物料',
      type: 'string',
      required: true,
      ref: { entity: 'materials', by: 'code', idField: 'materialId' },
      filter: ['like'],
      sort: true,
      width: 180,
    },
    materialCode: {
      label: '物料编码',
      type: 'string',
      form: false,
      filter: ['like'],
      sort: true,
      width: 130,
    },
    levelText: { label: '包装层级', type: 'string', form: false, width: 240 },
    totalQuantity: {
      label: '整包数量',
      type: 'number',
      form: false,
      readOnly: true,
      sort: true,
      width: 100,
    },
    mainUnitName: { label: '单位', type: 'string', form: false, width: 70 },
    remark: remarkField,
    createdAt: createdAtField,
  },
});
