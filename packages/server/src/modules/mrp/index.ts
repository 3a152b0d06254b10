import { materialsEntity } from '@factory/shared/entities/materials';
import type { ModuleFace } from '../../platform/module.ts';
import { mrpRoutes } from './run.ts';
import { mrpRunLines } from './schema.ts';
import { toPlansRoutes } from './toPlans.ts';

/**
 * MRP (DOMAIN "MRP", project/mrp → 采购需求): runs over everything open, kept with their planned
 * orders and what each is for; bought and outsourced parts become purchase requests through the
 * purchase module, made parts material-requirements plans when the planner says so. The calculation itself is engine.ts, on its inputs only. docs/mrp.md.
 */
export const mrp: ModuleFace = {
  name: 'mrp',
  routes: [...mrpRoutes, ...toPlansRoutes],
  references: [{ target: materialsEntity, column: mrpRunLines.materialsId, label: 'MRP运算结果' }],
};

export { type MrpInput, runMrp } from './engine.ts';
export { calculate } from './run.ts';
export * from './schema.ts';
export { suggestionsToPlans } from './toPlans.ts';
