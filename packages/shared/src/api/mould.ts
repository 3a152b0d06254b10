import { type Static, Type } from 'typebox';
import { MOULD_BASE } from '../machines/mould.ts';
import { endpoint } from './contract.ts';
import { IdQuery, RowId } from './list.ts';

const M = `${MOULD_BASE}mould/`;
const nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);

/** One report's shots on a mould (a withdrawal's are negative). */
export const MouldShotRow = Type.Object({
  id: Type.Integer(),
  reportId: Type.Integer(),
  reportCode: Type.String(),
  workOrderCode: Type.String(),
  areaName: nullable(Type.String()),
  /** good + defect + repair of the report. */
  quantity: Type.Number(),
  /** quantity ÷ cavities, exact to the millionth (rounded up there). */
  shots: Type.Number(),
  createdAt: Type.String(),
});
export type MouldShotRow = Static<typeof MouldShotRow>;

/** A mould a report on a task may name: lent to the work order's line, serving the task's procedure. */
export const MouldOnLine = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  cavities: Type.Integer(),
  usedShots: Type.Number(),
  designLife: Type.Integer(),
  currentEquipmentName: nullable(Type.String()),
});
export type MouldOnLine = Static<typeof MouldOnLine>;

export const MouldsForTaskQuery = Type.Object({ taskId: RowId('工序任务') }, { additionalProperties: false });

/** Mould calls beyond the standard and machine calls. */
export const mouldApi = {
  shots: endpoint({
    method: 'GET',
    path: `${M}getMouldShotList`,
    summary: '模具模次记录：按报工累计的模次（撤销报工为负）',
    access: { keys: ['mouldDefine', 'mouldDefineDetail', 'mouldStock', 'mouldStockDetail'] },
    query: IdQuery,
    result: Type.Array(MouldShotRow),
  }),
  onLine: endpoint({
    method: 'GET',
    path: `${M}getMouldsForTask`,
    summary: '报工可选模具：借用到该任务所在产线且适用其工序的模具',
    // whoever may report the task (the report call's keys)
    access: { keys: ['reportRecordsAdd', 'stationScheduling'] },
    query: MouldsForTaskQuery,
    result: Type.Array(MouldOnLine),
  }),
};
