import { Type } from 'typebox';
import { entityEndpoints } from '../entities/endpoints.ts';
import { qualityInspectionPlanEntity } from '../entities/quality.ts';
import { QUALITY_BASE } from '../machines/quality.ts';
import { endpoint } from './contract.ts';
import { RowId } from './list.ts';

const PLAN_BASE = `${QUALITY_BASE}inspectionPlan/`;

/** 复制质检方案: the new plan's name; scope, sampling and item lines come from the source. */
export const CopyPlanBody = Type.Object(
  {
    id: RowId(),
    name: Type.String({ minLength: 1, maxLength: 50, title: '方案名称' }),
  },
  { additionalProperties: false },
);

/** Quality configuration calls beyond the entities' standard ones (docs/quality.md). */
export const qualityApi = {
  copyPlan: endpoint({
    method: 'POST',
    path: `${PLAN_BASE}copyQualityInspectionPlan`,
    summary: '复制质检方案（适用范围、抽样与检验项目一并复制，新方案为停用状态）',
    access: { keys: ['qualityInspectionPlanListCopy'] },
    body: CopyPlanBody,
    result: entityEndpoints(qualityInspectionPlanEntity).detail.result,
  }),
};
