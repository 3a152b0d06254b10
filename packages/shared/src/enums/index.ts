/**
 * Every status and type list of the product (spec 001 §4, §9). Import the named constants; the
 * registries serve generic code (entity declarations, column renderers) that refers to a list by name.
 */
import {
  auditStatus,
  boundStatus,
  checkTaskStatus,
  confirmRejectStatus,
  confirmStatus,
  distributeStatus,
  enableStatus,
  equipmentState,
  handlingStatus,
  materialPreparationStatus,
  orderPlanStatus,
  pauseStatus,
  planningStatus,
  planProgressStatus,
  purchaseRequestStatus,
  qualityCheckStatus,
  repairOrderStatus,
  reviewStatus,
  runType,
  scheduleIssueStatus,
  simpleHandlingStatus,
  taskStatus,
  workOrderProgressFilter,
  workOrderStatus,
} from './status.ts';
import {
  barcodeType,
  customFieldType,
  dataType,
  demandServiceContent,
  equipmentKind,
  experienceType,
  inboundType,
  inspectionKind,
  inspectionType,
  materialType,
  orderSource,
  organizationLevel,
  outboundType,
  planType,
  printItemType,
  priority,
  processType,
  productionPeriod,
  qualityType,
  servicePeriod,
  sparePartSource,
  stockDirection,
  timeUnit,
  workType,
} from './types.ts';

export * from './defineEnum.ts';
export * from './status.ts';
export * from './types.ts';

/** Lists whose items all carry a colour, for badges. */
export const statusEnums = Object.freeze({
  enableStatus,
  boundStatus,
  repairOrderStatus,
  checkTaskStatus,
  auditStatus,
  qualityCheckStatus,
  reviewStatus,
  confirmStatus,
  confirmRejectStatus,
  planProgressStatus,
  taskStatus,
  planningStatus,
  scheduleIssueStatus,
  materialPreparationStatus,
  handlingStatus,
  simpleHandlingStatus,
  purchaseRequestStatus,
  equipmentState,
  runType,
  workOrderProgressFilter,
  workOrderStatus,
  orderPlanStatus,
  distributeStatus,
  pauseStatus,
});

export const typeEnums = Object.freeze({
  productionPeriod,
  servicePeriod,
  inspectionKind,
  sparePartSource,
  demandServiceContent,
  customFieldType,
  dataType,
  inspectionType,
  qualityType,
  priority,
  organizationLevel,
  equipmentKind,
  workType,
  processType,
  materialType,
  planType,
  experienceType,
  timeUnit,
  inboundType,
  stockDirection,
  outboundType,
  orderSource,
  printItemType,
  barcodeType,
});

export const enums = Object.freeze({ ...statusEnums, ...typeEnums });

export type EnumName = keyof typeof enums;
