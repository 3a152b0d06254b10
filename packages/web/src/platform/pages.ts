import type { ComponentType } from 'react';

export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * The pages that exist, by route name. The router, the menu and the home shortcuts derive from
 * this: a route of the tree appears only once its page is here (no placeholder pages).
 */
export const pages: Record<string, PageLoader> = {
  login: () => import('../shell/Login.tsx'),
  notFound: () => import('../shell/NotFound.tsx'),
  reHome: () => import('../shell/ReEntry.tsx'),
  reConsole: () => import('../shell/ReEntry.tsx'),
  refresh: () => import('../shell/Refresh.tsx'),
  tenant: () => import('../modules/tenant/TenantList.tsx'),
  tenantDetail: () => import('../modules/tenant/TenantDetail.tsx'),
  home: () => import('../modules/home/Workbench.tsx'),
  systemParams: () => import('../modules/setting/SystemParams.tsx'),
  baseSetting: () => import('../modules/setting/BaseSetting.tsx'),
  userList: () => import('../modules/setting/UserList.tsx'),
  organization: () => import('../modules/setting/OrganizationTree.tsx'),
  userGroup: () => import('../modules/setting/UserGroupList.tsx'),
  roleList: () => import('../modules/setting/RoleList.tsx'),
  codeSetting: () => import('../modules/setting/CodeRuleList.tsx'),
  messageNotificateList: () => import('../modules/setting/MessageNotificateList.tsx'),
  fieldSetting: () => import('../modules/setting/CustomFieldList.tsx'),
  factoryModel: () => import('../modules/information/AreaList.tsx'),
  stationList: () => import('../modules/information/StationList.tsx'),
  procedureList: () => import('../modules/information/ProcedureList.tsx'),
  processList: () => import('../modules/information/ProcessFlowList.tsx'),
  processDetail: () => import('../modules/information/ProcessDetail.tsx'),
  procedureParams: () => import('../modules/information/ProcedureParamList.tsx'),
  scarpReason: () => import('../modules/information/ScrapReasonList.tsx'),
  batchNumber: () => import('../modules/information/BatchNumberList.tsx'),
  packageCode: () => import('../modules/information/PackageCodeList.tsx'),
  materialsList: () => import('../modules/information/MaterialsList.tsx'),
  materialsDetail: () => import('../modules/information/MaterialsDetail.tsx'),
  materialsSettingList: () => import('../modules/information/BomList.tsx'),
  editBom: () => import('../modules/information/EditBom.tsx'),
  materialsAttribute: () => import('../modules/information/MaterialsAttributeList.tsx'),
  materialsClass: () => import('../modules/information/MaterialsClassTree.tsx'),
  materialsUnit: () => import('../modules/information/UnitList.tsx'),
  supplierList: () => import('../modules/information/SupplierList.tsx'),
  customerList: () => import('../modules/information/CustomerList.tsx'),
  serviceCustomerList: () => import('../modules/information/ServiceCustomerList.tsx'),
  customerSiteList: () => import('../modules/information/CustomerSiteList.tsx'),
  equipmentClass: () => import('../modules/equipment/EquipmentClassTree.tsx'),
  warehouseModel: () => import('../modules/information/WarehouseModel.tsx'),
  sitWarehouse: () => import('../modules/information/SitWarehouseList.tsx'),
  trayInfo: () => import('../modules/information/TrayList.tsx'),
  sparePartSet: () => import('../modules/information/StockTypeList.tsx'),
  packageInfo: () => import('../modules/information/PackageInfoList.tsx'),
  packageDetail: () => import('../modules/information/PackageDetail.tsx'),
  ApplyMarket: () => import('../modules/market/ApplyMarket.tsx'),
  applyDetails: () => import('../modules/market/ApplyDetails.tsx'),
};

export const hasPage = (name: string) => Object.hasOwn(pages, name);
