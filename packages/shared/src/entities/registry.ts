import { callEntity, callTypeEntity } from './call.ts';
import type { EntityDecl } from './define.ts';
import { equipmentClassEntity, equipmentEntity } from './equipment.ts';
import { equipmentFaultEntity, equipmentRepairEntity, faultReasonEntity } from './equipmentRepair.ts';
import { areaEntity, procedureEntity, stationEntity } from './information.ts';
import { kittingEntity } from './kitting.ts';
import { batchNumberEntity, packageCodeEntity } from './labels.ts';
import { materialPrepEntity } from './materialPrep.ts';
import { materialsAttributeEntity, materialsClassEntity, materialsEntity, unitEntity } from './materials.ts';
import { mouldEntity, mouldHandleEntity, mouldStockEntity } from './mould.ts';
import { notificationRuleEntity } from './notification.ts';
import { outsourceOrderEntity } from './outsourcing.ts';
import { procedureParamEntity, scrapReasonEntity } from './params.ts';
import { customerEntity, customerSiteEntity, serviceCustomerEntity, supplierEntity } from './partner.ts';
import { processFlowClassEntity, processFlowEntity } from './processFlow.ts';
import { produceOrderEntity } from './produceOrder.ts';
import { producePlanEntity } from './producePlan.ts';
import { purchaseOrderEntity, purchaseRequestEntity } from './purchase.ts';
import {
  defectItemEntity,
  inspectionItemEntity,
  nonconformingEntity,
  qualityInspectionOrderEntity,
  qualityInspectionPlanEntity,
} from './quality.ts';
import { repairRecordEntity, reportWasteRecordEntity } from './qualityRecords.ts';
import { quotaApplyEntity, quotaEntity } from './quota.ts';
import { pieceRateEntity, reportWorkEntity } from './reportWork.ts';
import { salesOrderEntity } from './salesOrder.ts';
import { frequencyEntity, organizationEntity, roleEntity, userGroupEntity } from './setting.ts';
import { partApplyEntity, sparePartEntity } from './sparePart.ts';
import { stockCountEntity } from './stockCount.ts';
import { stockDocEntity } from './stockDoc.ts';
import { stockMovementEntity } from './stockMovement.ts';
import { userEntity } from './user.ts';
import {
  packageInfoEntity,
  sitWarehouseEntity,
  stockTypeEntity,
  trayEntity,
  warehouseAreaEntity,
  warehouseEntity,
  warehouseLocationEntity,
} from './warehouse.ts';
import { workCalendarEntity } from './workCalendar.ts';
import { workOrderEntity } from './workOrder.ts';

/**
 * The business entities by name. References name their target here (remote selects, look-ups);
 * the numbered ones (autoCode) appear in code setting and those with customFields in field
 * setting, without further lists.
 */
export const businessEntities: Readonly<Record<string, EntityDecl>> = Object.freeze({
  user: userEntity,
  area: areaEntity,
  procedure: procedureEntity,
  station: stationEntity,
  procedureParam: procedureParamEntity,
  scrapReason: scrapReasonEntity,
  batchNumber: batchNumberEntity,
  packageCode: packageCodeEntity,
  organization: organizationEntity,
  userGroup: userGroupEntity,
  role: roleEntity,
  notificationRule: notificationRuleEntity,
  frequency: frequencyEntity,
  unit: unitEntity,
  materialsClass: materialsClassEntity,
  materialsAttribute: materialsAttributeEntity,
  materials: materialsEntity,
  supplier: supplierEntity,
  customer: customerEntity,
  serviceCustomer: serviceCustomerEntity,
  customerSite: customerSiteEntity,
  equipmentClass: equipmentClassEntity,
  equipment: equipmentEntity,
  faultReason: faultReasonEntity,
  equipmentFault: equipmentFaultEntity,
  equipmentRepair: equipmentRepairEntity,
  sparePart: sparePartEntity,
  partApply: partApplyEntity,
  callType: callTypeEntity,
  call: callEntity,
  warehouse: warehouseEntity,
  warehouseArea: warehouseAreaEntity,
  warehouseLocation: warehouseLocationEntity,
  sitWarehouse: sitWarehouseEntity,
  tray: trayEntity,
  stockType: stockTypeEntity,
  packageInfo: packageInfoEntity,
  processFlowClass: processFlowClassEntity,
  processFlow: processFlowEntity,
  produceOrder: produceOrderEntity,
  producePlan: producePlanEntity,
  produceWorkOrder: workOrderEntity,
  reportWork: reportWorkEntity,
  pieceRate: pieceRateEntity,
  workCalendar: workCalendarEntity,
  stockDoc: stockDocEntity,
  stockCount: stockCountEntity,
  kitting: kittingEntity,
  materialPrep: materialPrepEntity,
  stockMovement: stockMovementEntity,
  salesOrder: salesOrderEntity,
  mould: mouldEntity,
  mouldStock: mouldStockEntity,
  mouldHandle: mouldHandleEntity,
  purchaseOrder: purchaseOrderEntity,
  purchaseRequest: purchaseRequestEntity,
  quota: quotaEntity,
  quotaApply: quotaApplyEntity,
  outsourceOrder: outsourceOrderEntity,
  inspectionItem: inspectionItemEntity,
  defectItem: defectItemEntity,
  qualityInspectionPlan: qualityInspectionPlanEntity,
  qualityInspectionOrder: qualityInspectionOrderEntity,
  nonconforming: nonconformingEntity,
  repairRecord: repairRecordEntity,
  reportWasteRecord: reportWasteRecordEntity,
});
