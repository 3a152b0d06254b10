import { describe, expect, it } from 'vitest';
import {
  allRouteNames,
  findRoute,
  firstPermittedLeaf,
  landingRoute,
  mainRoutes,
  paramsAreValid,
  permissionKeys,
  publicRouteNames,
  publicRoutes,
  resolveRedirect,
  routeHref,
  routeParents,
  routePath,
  routeTree,
  walkRoutes,
  webPermissionCodes,
} from './routes.ts';
import type { RouteNode } from './routeTypes.ts';

function collect(nodes: readonly RouteNode[]): { node: RouteNode; parents: readonly RouteNode[] }[] {
  const out: { node: RouteNode; parents: readonly RouteNode[] }[] = [];
  walkRoutes(nodes, (node, parents) => {
    out.push({ node, parents });
  });
  return out;
}

const all = collect(routeTree);
const main = collect(mainRoutes);
/** Spelled as in the spec (route ApplyMarket); every other name is camelCase. */
const PASCAL_EXCEPTIONS = new Set(['ApplyMarket']);

describe('route names', () => {
  it('are unique across the tree', () => {
    const names = allRouteNames();
    expect(names.length).toBe(all.length);
    expect(new Set(names).size).toBe(names.length);
  });

  it('are camelCase', () => {
    for (const { node } of all) {
      if (PASCAL_EXCEPTIONS.has(node.name)) continue;
      expect(node.name, node.name).toMatch(/^[a-z][A-Za-z0-9]*$/);
    }
  });

  it('include every route the spec names', () => {
    const expected = `
      login notFound uploadVideo tenant tenantDetail dashboard authDashboard boardDetail
      reHome reConsole
      refresh ApplyMarket applyDetails changelog home selfCenter modifyPassword switchShift
      mineEquipment
      inventoryInfo inventory warehouseAssign warehouseAssignDetail warehouseRecord warehouseOperate
      warehouseOperateDetail inventoryAccount warehousePurchase
      productionInfo factoryModel sitWarehouse stationList factoryInfo processList processDetail
      procedureList procedureDetail materialsInfo materialsList materialsDetail materialsSettingList
      editBom materialsAttribute warehouseInfo warehouseModel packageInfo packageDetail trayInfo
      sparePartSet unitInfo customerInfo printLabel batchNumber packageCode params
      procedureParams scarpReason
      account accountList basePrint accountDetail allAssign equipmentFaultList
      equipmentFaultDetail equipmentRepairList equipmentRepairDetail inspectionBillsList
      inspectionBillsDetail pointBillsList pointBillsDetail maintenanceBillsList maintenanceBillsDetail
      planManagement inspectionPlanList inspectionPlanDetail maintenancePlanList maintenancePlanDetail
      equipmentSetting maintenanceSetting projectSetting equipmentParams sparePartInfos partAccount
      sparePartDetail partApply partApplyOrderDetail partNums partBills
      qualityInfos qualityInspectionOrderList qualityInspectionOrderDetail repairRecord
      reportWasteRecord unquality scrap qualityPlanInfo inspectionProject qualityInspectionPlanList
      qualityInspectionPlanDetail defects allCodeTracing rawMaterialBatchCodeTracingList
      rawMaterialBatchCodeTracingDetail productBatchCodeTracingList productBatchCodeTracingDetail
      finishedProductTracing
      userInfo userList organization roleList shift systemParams baseSetting systemSettingInfo
      fieldSetting codeSetting messageNotificateList messageNotificateAdd
      orders orderList orderAdd orderQuickAdd planAdd orderDetail planList planSchedules
      works workList workDetail repairDetail stationScheduling outSourceLists reportRecords
      completeSetList completeSetAdd plansStatistic performanceSalary plansSettings pieceRate workCalendar
      siteWarehouse warehouses sitWarehouseAccount call callSearch callClassify
      facility facilityList facilityAdd facilityDetail facilityMaintenanceList facilityMaintenanceAdd
      facilityMaintenanceDetail addTemplate detailTemplate facilityPointList facilityPointAdd
      facilityPointDetail addPointTemplate detailPointTemplate technicalParameterList
      technicalParameterAdd configurationParameterList configurationParameterAdd factoryParameterList
      factoryParameterAdd
      service demandCenterList demandCenterAdd demandCenterDetail addTravelPlan addLocalDevelopment
      maintain maintainDetail spotCheckAdd spotCheckDetail repairsDetail installEquipmentDetail
      reform knowledgeBase enterpriseFilesList failureExperienceList failureExperienceAdd
      dailyReportList serviceOrderList serviceOrderAdd
      sales salesOrderList salesOrderAdd salesOrderDetail salesDemandList purchase
      purchaseOrderList certainNumberList certainNumberDetail certainNumberAdd purchaseOrderAdd
      purchaseOrderDetail mrp purchasingDemand mould mouldDefine mouldHandle mouldStock
      mouldInStock
      statisticsBoard boardManageNew allBoardGroup statisticsBoardInfo allStatisticsCard
      saleStatisticsCard boardManage
    `
      .trim()
      .split(/\s+/);
    const missing = expected.filter((name) => !findRoute(name));
    expect(missing).toEqual([]);
  });

  it('puts the main modules in menu order', () => {
    expect(mainRoutes.filter((r) => !r.meta.hidden).map((r) => r.name)).toEqual([
      'home',
      'warehouse',
      'information',
      'equipment',
      'quality',
      'setting',
      'plans',
      'siteWarehouse',
      'call',
      'facility',
      'service',
      'sales',
      'purchase',
      'mrp',
      'mould',
      'statisticsBoard',
    ]);
  });
});

describe('button permission keys', () => {
  it('are route name + PascalCase action and unique', () => {
    const keys = permissionKeys();
    expect(keys.length).toBeGreaterThan(100);
    expect(new Set(keys).size).toBe(keys.length);
    for (const { node } of all) {
      const actions = node.meta.buttons ?? [];
      expect(new Set(actions).size, node.name).toBe(actions.length);
      for (const action of actions) expect(action, node.name).toMatch(/^[A-Z][a-z]+[A-Za-z]*$/);
    }
    for (const key of keys) {
      if ([...PASCAL_EXCEPTIONS].some((name) => key.startsWith(name))) continue;
      expect(key).toMatch(/^[a-z][A-Za-z]*[A-Z][a-z]+[A-Za-z]*$/);
    }
  });

  it('do not collide with route names, even ignoring case (the server compares case-insensitively)', () => {
    const codes = webPermissionCodes().map((c) => c.toLowerCase());
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('have the examples the rest of the system relies on', () => {
    const keys = new Set(permissionKeys());
    for (const key of [
      'userListAdd',
      'userListResetPassword',
      'userListSetStation',
      'roleListSetStation',
      'roleListSetEquipment',
      'workListDistribute',
      'workListReopen',
      'ApplyMarketAdd',
      'applyDetailsModify',
      'applyDetailsDel',
      'changelogAdd',
      'changelogModify',
      'changelogDel',
    ]) {
      expect(keys.has(key), key).toBe(true);
    }
  });
});

describe('tree shape', () => {
  it('redirects name a direct child; the root names a main route', () => {
    for (const { node } of all) {
      if (!node.redirect) continue;
      const children = node.children ?? [];
      expect(
        children.some((c) => c.name === node.redirect),
        `${node.name} -> ${node.redirect}`,
      ).toBe(true);
    }
    const root = routeTree.find((r) => r.name === 'layout');
    expect(root?.path).toBe('/');
    expect(mainRoutes.some((r) => r.name === root?.redirect)).toBe(true);
  });

  it('gives every menu node with children a redirect that ends on a page', () => {
    for (const { node } of main) {
      if (!node.children?.length) continue;
      expect(node.redirect, node.name).toBeTruthy();
      const target = findRoute(resolveRedirect(node.name));
      expect(target?.children, node.name).toBeUndefined();
      expect(target?.meta.hidden, node.name).toBeFalsy();
    }
    expect(resolveRedirect('layout')).toBe('home');
    expect(resolveRedirect('warehouse')).toBe('inventory');
    expect(resolveRedirect('statisticsBoard')).toBe('allStatisticsCard');
    expect(resolveRedirect('boardManageNew')).toBe('allBoardGroup');
    expect(resolveRedirect('selfCenter')).toBe('selfCenterUserInfo');
    expect(resolveRedirect('setting')).toBe('userList');
  });

  it('is at most module -> group -> page deep under the main shell', () => {
    for (const { node, parents } of main) {
      expect(parents.length, node.name).toBeLessThanOrEqual(2);
      if (node.meta.hidden && parents.length > 0) expect(node.children, node.name).toBeUndefined();
    }
  });

  it('has titles that are non-empty and unique among siblings', () => {
    const check = (nodes: readonly RouteNode[]) => {
      const titles = nodes.map((n) => n.meta.title);
      for (const t of titles) expect(t.trim().length).toBeGreaterThan(0);
      expect(new Set(titles).size, titles.join(',')).toBe(titles.length);
      for (const n of nodes) if (n.children) check(n.children);
    };
    check(routeTree);
  });

  it('has no duplicate sibling paths; top-level paths are absolute, nested ones relative', () => {
    const check = (nodes: readonly RouteNode[], topLevel: boolean) => {
      const paths = nodes.map((n) => n.path);
      expect(new Set(paths).size, paths.join(',')).toBe(paths.length);
      for (const n of nodes) {
        expect(n.path.startsWith('/'), n.name).toBe(topLevel);
        if (n.children) check(n.children, false);
      }
    };
    check(routeTree, true);
    const absolute = all.map(({ node }) => routePath(node.name));
    expect(new Set(absolute).size).toBe(absolute.length);
  });

  it('gives icons to first-level menu entries only', () => {
    for (const route of mainRoutes) {
      if (!route.meta.hidden) expect(route.meta.icon, route.name).toMatch(/^[A-Z][A-Za-z]+Outlined$/);
    }
    for (const { node, parents } of main) {
      if (parents.length > 0) expect(node.meta.icon, node.name).toBeUndefined();
    }
  });

  it('points every hidden page at an existing visible menu path', () => {
    const visiblePaths = new Map(
      all.filter(({ node }) => !node.meta.hidden).map(({ node }) => [routePath(node.name), node]),
    );
    for (const { node, parents } of main) {
      // Hidden pages inside a module must light up their list; top-level hidden routes stand alone.
      if (node.meta.hidden && parents.length > 0) expect(node.meta.activeMenu, node.name).toBeTruthy();
      if (!node.meta.activeMenu) continue;
      const target = visiblePaths.get(node.meta.activeMenu);
      expect(target, `${node.name} -> ${node.meta.activeMenu}`).toBeDefined();
      expect(target?.children, node.name).toBeUndefined();
      // The list belongs to the same module.
      expect(routeParents(target?.name ?? '')?.[1], node.name).toBe(parents[0]);
    }
  });

  it('marks market pages and keeps them out of the menu', () => {
    for (const name of ['ApplyMarket', 'applyDetails']) {
      expect(findRoute(name)?.meta).toMatchObject({ hidden: true, market: true, noCache: true });
    }
    expect(routePath('ApplyMarket')).toBe('/apply');
    expect(routePath('applyDetails')).toBe('/applyDetails');
  });

  it('makes the personal centre hidden and open to everyone', () => {
    const selfCenter = findRoute('selfCenter');
    expect(selfCenter?.meta).toMatchObject({ hidden: true, noAuth: true });
    for (const child of selfCenter?.children ?? []) expect(child.meta.noAuth, child.name).toBe(true);
    expect(findRoute('changelog')?.meta.noAuth).toBeUndefined();
  });
});

describe('paths', () => {
  it('builds absolute paths from the parents', () => {
    expect(routePath('home')).toBe('/home');
    expect(routePath('inventory')).toBe('/warehouse/inventory-info/inventory');
    expect(routePath('accountDetail')).toBe('/equipment/account/account-detail/:id');
    expect(routePath('purchasingDemand')).toBe('/project/mrp/purchasing-demand');
    expect(routePath('dashboardBoard')).toBe('/dashboard/board/:id');
    expect(routePath('allBoardGroup')).toBe('/statistics-board/board-manage-new/all-board-group');
    expect(routePath('reHome')).toBe('/reHome/:memberCode/:login');
    expect(routePath('notFound')).toBe('/404');
    expect(() => routePath('noSuchRoute')).toThrow();
  });

  it('fills params and checks digits-only ids', () => {
    expect(routeHref('accountDetail', { id: 42 })).toBe('/equipment/account/account-detail/42');
    expect(routeHref('authDashboard', { name: '车间 A', id: '7' })).toBe(
      '/auth-dashboard/%E8%BD%A6%E9%97%B4%20A/7',
    );
    expect(() => routeHref('orderDetail')).toThrow();
    expect(paramsAreValid('dashboardBoard', { id: '12' })).toBe(true);
    expect(paramsAreValid('dashboardBoard', { id: '12a' })).toBe(false);
    expect(paramsAreValid('accountDetail', {})).toBe(false);
    expect(paramsAreValid('orderDetail', { id: 'abc' })).toBe(true);
  });

  it('lists public route names', () => {
    const names = publicRouteNames();
    expect(names).toContain('dashboardBoard');
    expect(names).toContain('reConsole');
    expect(names).not.toContain('home');
    expect(publicRoutes.find((r) => r.name === 'dashboard')?.children).toHaveLength(2);
  });
});

describe('landing route', () => {
  it('is the first top-level leaf route among the roles (spec 001 §6)', () => {
    expect(landingRoute(['warehouse', 'home'])?.name).toBe('home');
    expect(landingRoute(new Set(['home']))?.name).toBe('home');
    // Modules with children never qualify, nor do hidden ones.
    expect(landingRoute(['warehouse', 'inventoryInfo', 'inventory'])).toBeUndefined();
    expect(landingRoute(['refresh', 'changelog', 'ApplyMarket'])).toBeUndefined();
    expect(landingRoute([])).toBeUndefined();
  });

  it('firstPermittedLeaf descends into modules along permitted nodes', () => {
    expect(firstPermittedLeaf(['home', 'warehouse'])?.name).toBe('home');
    expect(firstPermittedLeaf(['warehouse', 'inventoryInfo', 'inventory'])?.name).toBe('inventory');
    expect(firstPermittedLeaf(['warehouse', 'inventoryInfo', 'warehouseRecord'])?.name).toBe(
      'warehouseRecord',
    );
    expect(firstPermittedLeaf(['setting', 'shift', 'plans', 'planList'])?.name).toBe('shift');
    expect(firstPermittedLeaf(new Set(['statisticsBoard', 'statisticsBoardInfo', 'boardManage']))?.name).toBe(
      'boardManage',
    );
    // Hidden pages are never the landing page, even if permitted.
    expect(firstPermittedLeaf(['warehouse', 'inventoryInfo', 'warehouseOperate'])).toBeUndefined();
    // A page whose module is not permitted is unreachable from the menu.
    expect(firstPermittedLeaf(['inventory'])).toBeUndefined();
    // The personal centre is noAuth but hidden; refresh too.
    expect(firstPermittedLeaf([])).toBeUndefined();
  });
});

describe('web permission codes', () => {
  it('hold every main route name and every button key, nothing public', () => {
    const codes = new Set(webPermissionCodes());
    for (const { node } of main) expect(codes.has(node.name), node.name).toBe(true);
    for (const key of permissionKeys()) expect(codes.has(key), key).toBe(true);
    for (const name of publicRouteNames()) expect(codes.has(name), name).toBe(false);
    expect(codes.has('layout')).toBe(false);
    expect(codes.size).toBe(main.length + permissionKeys().length);
  });
});
