import { bomRoutes } from './processFlow/bom.ts';
import { processFlowClass } from './processFlow/classes.ts';
import { exportRoutes } from './processFlow/export.ts';
import { flowRoutes } from './processFlow/flows.ts';
import { stepRoutes } from './processFlow/steps.ts';
import { versionDetailRoutes } from './processFlow/versionDetail.ts';
import { versionRoutes } from './processFlow/versions.ts';

export { flowMaterialsOf, saveFlowMaterials } from './processFlow/bom.ts';
export { processFlowClass } from './processFlow/classes.ts';
export { processFlow } from './processFlow/flows.ts';
export { saveSteps, stepsOf } from './processFlow/steps.ts';
export { addVersion, setMainVersion } from './processFlow/versions.ts';

/**
 * 工艺路线 and its classes, assembled from `processFlow/` by concern: classes, flows, versions,
 * a version's detail, its steps, its BOM views and the BOM list file (the order of docs/api.md).
 */
export const processFlowRoutes = [
  ...processFlowClass.routes,
  ...flowRoutes,
  ...versionRoutes,
  ...versionDetailRoutes,
  ...stepRoutes,
  ...bomRoutes,
  ...exportRoutes,
];
