import { type Static, type TSchema, Type } from 'typebox';
import { MAX_PRODUCE_QUANTITY } from '../entities/produceOrder.ts';
import { VersionField } from '../machines/endpoints.ts';
import { EQUIPMENT_BASE } from '../machines/equipment.ts';
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

const parts = Type.Optional(Type.Array(SparePartLine, { maxItems: 50, title: '更换备件' }));

/** 维修完工: what the fault was, what was done, who did it, the spare parts used. */
export const FinishRepairBody = Type.Object(
  {
    id: RowId('维修工单'),
    version: VersionField,
    faultReasonId: RowId('故障原因'),
    measures: Type.String({ minLength: 1, maxLength: 1000, title: '维修内容' }),
    /** Everyone who repaired it (the one who took it is kept); empty: just that one. */
    repairerIds: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 20, title: '维修人员' }),
    ),
    parts,
  },
  { additionalProperties: false },
);
export type FinishRepairBody = Static<typeof FinishRepairBody>;

/** Repair calls beyond the standard and machine calls. */
export const equipmentRepairApi = {
  finish: endpoint({
    method: 'POST',
    path: `${R}finish`,
    summary: '维修完工：填写故障原因与维修内容，领用的备件从库存出库（其他出库，备件领用）',
    access: { keys: ['equipmentRepairListFinish'] },
    body: FinishRepairBody,
    result: Type.Object(
      { id: RowId(), version: Type.Integer(), status: Type.Integer() },
      { additionalProperties: true },
    ),
  }),
};
