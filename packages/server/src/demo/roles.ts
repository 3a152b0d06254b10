import { type AuthorityPart, formatAuthority } from '@factory/shared/permissions';
import { mainRoutes, walkRoutes } from '@factory/shared/routes';
import type { RouteNode } from '@factory/shared/routeTypes';

/**
 * Builds a role's authority the way the role editor's tree does: a fully granted subtree puts
 * every node and button key in `checked`; ancestors of a partly granted subtree go in `half`.
 */
export function authorityFor(grant: {
  modules: readonly string[];
  readOnly?: readonly string[];
  actions?: 'all' | readonly string[];
  /** Single buttons beyond a read-only grant (a keeper receives against purchase orders). */
  keys?: readonly string[];
}): string {
  const checked = new Set<string>();
  const half = new Set<string>();
  const grantTree = (node: RouteNode, actions: 'all' | readonly string[]) => {
    walkRoutes([node], (n) => {
      checked.add(n.name);
      for (const a of n.meta.buttons ?? [])
        if (actions === 'all' || actions.includes(a)) checked.add(`${n.name}${a}`);
    });
  };
  walkRoutes(mainRoutes, (node, parents) => {
    const full = grant.modules.includes(node.name);
    const read = grant.readOnly?.includes(node.name);
    if (!full && !read) return true;
    grantTree(node, full ? (grant.actions ?? 'all') : ['Export', 'Detail', 'Print']);
    for (const p of parents) if (!checked.has(p.name)) half.add(p.name);
    return false;
  });
  for (const k of grant.keys ?? []) checked.add(k);
  const part: AuthorityPart = { checked: [...checked], half: [...half].filter((n) => !checked.has(n)) };
  return formatAuthority([part]);
}

/** The seven job roles of spec 000 §1, each with the modules that job works in. */
export const jobRoles = [
  {
    key: 'qualityInspector',
    name: '质检员',
    // quality keeps the defect reasons (报废原因) report work records, beside its defect items
    remark: '维护检验项目、质检方案与不良项目，查看工单、报工与物料，跟踪生产质量',
    grant: {
      modules: ['home', 'quality', 'scarpReason'],
      readOnly: ['works', 'materialsInfo', 'callSearch'],
    },
    users: [
      ['zhijian01', '王芳'],
      ['zhijian02', '刘洋'],
    ],
  },
  {
    key: 'warehouseKeeper',
    name: '仓管员',
    remark: '出入库、采购收货、备料、库存盘点、备件收发',
    // spare parts are stock too: their stock and bills, and issuing a passed application
    grant: {
      modules: ['home', 'warehouse', 'siteWarehouse', 'partNums', 'partBills'],
      readOnly: [
        'materialsInfo',
        'warehouseInfo',
        'purchase',
        'callSearch',
        'partAccount',
        'sparePartDetail',
        'partApply',
        'partApplyOrderDetail',
      ],
      keys: ['purchaseOrderListReceive', 'purchaseOrderListReverse', 'partApplyIssue'],
    },
    users: [
      ['cangguan01', '陈静'],
      ['cangguan02', '赵磊'],
    ],
  },
  {
    key: 'craftsman',
    name: '工艺员',
    remark: '工艺路线、工序、物料与BOM维护',
    grant: { modules: ['home', 'information'] },
    users: [['gongyi01', '孙伟']],
  },
  {
    key: 'operator',
    name: '操作工',
    remark: '工位终端开工、暂停与报工',
    // the station terminal is the operator's screen: its page lets them start, pause, continue and report
    // and reports the faults of the machines they run (故障报修)
    grant: {
      modules: ['home', 'call', 'stationScheduling'],
      readOnly: ['works', 'reportRecords', 'equipmentFaultList', 'equipmentFaultDetail'],
      keys: ['equipmentFaultListAdd', 'equipmentFaultListModify', 'equipmentFaultListDel'],
    },
    users: [
      ['caozuo01', '周强'],
      ['caozuo02', '吴敏'],
      ['caozuo03', '郑涛'],
    ],
  },
  {
    key: 'planner',
    name: '计划员',
    // a small works' planner is also its buyer (物控): MRP, requests and purchase orders
    remark: '订单、生产计划、排程、物料需求与采购',
    grant: {
      modules: ['home', 'plans', 'mrp', 'sales', 'purchase'],
      readOnly: ['warehouse', 'materialsInfo'],
    },
    users: [['jihua01', '冯丽']],
  },
  {
    key: 'manager',
    name: '生产经理',
    remark: '查看计划、工单、仓储与基础数据',
    grant: {
      modules: ['home', 'statisticsBoard'],
      readOnly: [
        'warehouse',
        'information',
        'equipment',
        'quality',
        'plans',
        'siteWarehouse',
        'service',
        'sales',
        'purchase',
        'call',
      ],
    },
    users: [['jingli01', '韩雪']],
  },
  {
    key: 'equipmentKeeper',
    name: '设备管理员',
    remark: '设备台账、设备分类与设备档案',
    grant: { modules: ['home', 'equipment', 'facility', 'call'] },
    users: [
      ['shebei01', '杨帆'],
      ['shebei02', '何军'],
    ],
  },
] as const;
