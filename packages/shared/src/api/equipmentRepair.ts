import { type Static, type TSchema, Type } from 'typebox';
import { MAX_PRODUCE_QUANTITY } from '../entities/produceOrder.ts';
import { actionKeys } from '../machines/define.ts';
import { VersionField } from '../machines/endpoints.ts';
import { EQUIPMENT_BASE, equipmentRepairMachine } from '../machines/equipment.ts';
import { endpoint } from './contract.ts';
import { RowId } from './list.ts';

const R = `${EQUIPMENT_BASE}equipmentRepair/`;
const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

/** A spare part taken from stock for a repair: from which warehouse, which batch (else first in, first out). */
export const SparePartLine = Type.Object(
  {
    materialsId: RowId('备件'),
    warehouseId: RowId('仓库'),
    batchCode: Type.Optional(nullable(Type.String({ maxLength: 64, title: '批次号' }))),
    quantity: Type.Number({ exclusiveMinimum: 0, maximum: MAX_PRODUCE_QUANTITY, title: '数量' }),
  },
  { additionalProperties: false },
);
export type SparePartLine = Static<typeof SparePartLine>;

/** Users named on a repair: its repairers, or who may take it. */
const userIds = (title: string) =>
  Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 20, title });

const parts = Type.Optional(Type.Array(SparePartLine, { maxItems: 50, title: '更换备件' }));

/** 维修完工: what the fault was, what was done, who did it, the spare parts used. */
export const FinishRepairBody = Type.Object(
  {
    id: RowId('维修工单'),
    version: VersionField,
    faultReasonId: RowId('故障原因'),
    measures: Type.String({ minLength: 1, maxLength: 1000, title: '维修内容' }),
    /** Everyone who repaired it (the one who took it is kept); empty: just that one. */
    repairerIds: Type.Optional(userIds('维修人员')),
    parts,
  },
  { additionalProperties: false },
);
export type FinishRepairBody = Static<typeof FinishRepairBody>;

/**
 * 审核派工 and 改派: who may take the order (指派维修人员); none (or empty) leaves it to any holder
 * of 接单.
 */
export const DispatchRepairBody = Type.Object(
  {
    id: RowId('维修工单'),
    version: VersionField,
    dispatchedIds: Type.Optional(userIds('指派维修人员')),
  },
  { additionalProperties: false },
);
export type DispatchRepairBody = Static<typeof DispatchRepairBody>;

const StateResult = Type.Object(
  { id: RowId(), version: Type.Integer(), status: Type.Integer() },
  { additionalProperties: true },
);

/** Repair calls beyond the standard and machine calls. */
export const equipmentRepairApi = {
  audit: endpoint({
    method: 'POST',
    path: `${R}audit`,
    summary: '审核派工：通过故障报修，可指派维修人员（只有他们能接单）',
    access: { keys: actionKeys(equipmentRepairMachine, 'audit') },
    body: DispatchRepairBody,
    result: StateResult,
  }),
  redispatch: endpoint({
    method: 'POST',
    path: `${R}redispatch`,
    summary: '改派：更换待接单维修工单的指派维修人员（不指派则任何维修人员都可接单）',
    access: { keys: actionKeys(equipmentRepairMachine, 'redispatch') },
    body: DispatchRepairBody,
    result: StateResult,
  }),
  finish: endpoint({
    method: 'POST',
    path: `${R}finish`,
    summary: '维修完工：填写故障原因与维修内容，领用的备件从库存出库（其他出库，备件领用）',
    access: { keys: ['equipmentRepairListFinish'] },
    body: FinishRepairBody,
    result: StateResult,
  }),
};
