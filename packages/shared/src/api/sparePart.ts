import { type Static, type TSchema, Type } from 'typebox';
import { entityEndpoints } from '../entities/endpoints.ts';
import { materialsEntity } from '../entities/materials.ts';
import { EQUIPMENT_BASE } from '../machines/equipment.ts';
import { endpoint } from './contract.ts';
import { SelectQuery } from './list.ts';
import { warehouseApi } from './warehouse.ts';

const S = `${EQUIPMENT_BASE}sparePart/`;
const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

/** Reading spare parts belongs to their account, their applications and the repairs and upkeep that use them. */
const READ_PARTS = {
  keys: [
    'partAccount',
    'partApply',
    'partNums',
    'partBills',
    'equipmentRepairList',
    'maintenanceBillsList',
    'accountList',
    'equipmentFaultList',
    'equipmentFaultListDetail',
  ],
};

/** Which spare parts went where: per repair or upkeep task, machine or part (at least one named). */
export const PartUsageQuery = Type.Object(
  {
    materialsId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, title: '备件' })),
    equipmentId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, title: '设备' })),
    sourceType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { title: '来源类型' })),
    sourceId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, title: '来源单据' })),
  },
  { additionalProperties: false },
);
export type PartUsageQuery = Static<typeof PartUsageQuery>;

/** One spare part taken from stock for a machine (a return is negative), newest first. */
export const PartUsageRow = Type.Object({
  id: Type.Integer(),
  materialsId: Type.Integer(),
  materialsCode: Type.String(),
  materialsName: Type.String(),
  specification: nullable(Type.String()),
  unitName: nullable(Type.String()),
  warehouseName: Type.String(),
  quantity: Type.Number(),
  sourceType: Type.Integer(),
  sourceId: Type.Integer(),
  sourceCode: Type.String(),
  equipmentId: Type.Integer(),
  equipmentCode: Type.String(),
  equipmentName: Type.String(),
  stockDocId: Type.Integer(),
  stockDocCode: Type.String(),
  usedAt: Type.String(),
});
export type PartUsageRow = Static<typeof PartUsageRow>;

/** The spare-part calls beyond the generic ones of the account and the applications. */
export const sparePartApi = {
  /** The materials registered as spare parts, for the pickers of applications, repairs and upkeep. */
  materials: endpoint({
    method: 'GET',
    path: `${S}getSparePartMaterials`,
    summary: '备件选择列表（备件台账中登记的物料）',
    access: { session: true },
    query: SelectQuery,
    result: entityEndpoints(materialsEntity).list.result,
  }),
  balances: endpoint({
    method: 'GET',
    path: `${S}getSparePartBatchList`,
    summary: '一个备件在备件仓按库位与批次的库存（只含备件仓）',
    access: READ_PARTS,
    query: warehouseApi.balances.query,
    result: warehouseApi.balances.result,
  }),
  usages: endpoint({
    method: 'GET',
    path: `${S}getSparePartUsageList`,
    summary: '备件使用记录：按备件、设备或维修/保养工单（最多 500 条，新的在前）',
    access: READ_PARTS,
    query: PartUsageQuery,
    result: Type.Array(PartUsageRow),
  }),
};
