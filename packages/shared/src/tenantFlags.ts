/**
 * Per-tenant variations of spec 000 §2 and §6, as named flags stored on the tenant. Code asks a
 * flag, never a member code.
 */
export const TENANT_FLAGS = {
  providerConsole: {
    label: '服务商控制台',
    description: '可管理租户、维护更新日志与应用市场（服务商自身的登录租户）',
  },
  changelogList: { label: '加载更新日志', description: '打开更新日志时加载日志列表' },
  hideAppDownload: { label: '隐藏APP下载', description: '侧边栏底部不显示APP下载二维码' },
  hideLock: { label: '隐藏锁屏按钮', description: '顶栏不显示锁屏按钮（公开演示租户）' },
  hideLogout: { label: '隐藏退出登录', description: '用户菜单不显示退出登录（公开演示租户）' },
  appMarketButton: { label: '应用市场按钮', description: '顶栏显示应用市场按钮，在新标签页打开应用中心' },
  workshopBoards: {
    label: '车间看板组',
    description: '看板增加绕线、铁芯、包纸、浸漆、总装、发货区车间看板',
  },
  compactBoards: { label: '精简看板组', description: '看板分组只有生产、质量、仓库' },
  bomTab: { label: 'BOM页签', description: '工艺路线与物料详情显示BOM页签' },
  inspectionTabs: { label: '设备与质检报表', description: '生产报表显示设备与质检报表页签' },
  batchStockIn: { label: '批量入库', description: '仓库入库支持批量入库' },
  splitWorkOrder: { label: '工单拆分与减量', description: '工单列表提供拆分与减量操作' },
  logButtons: { label: '日志按钮', description: '列表显示操作日志按钮' },
  hideUserEquipment: { label: '隐藏用户设备', description: '角色关联用户不显示设置设备操作' },
  releaseSlipLabel: { label: '来料检验称放行单', description: '质检类型“来料检验”显示为“放行单”' },
  qualityAudit: { label: '质检单审核', description: '质检单提交后须经审核，审核通过后检验结论才生效' },
  qualityApproval: {
    label: '质检单批准',
    description: '质检单审核后还须批准，批准后检验结论才生效（同时开启质检单审核）',
  },
  skipRepairAudit: { label: '维修免审核', description: '故障报修直接进入待接单，不经审核派工' },
} as const satisfies Record<string, { label: string; description: string }>;

export type TenantFlag = keyof typeof TENANT_FLAGS;
export const TENANT_FLAG_NAMES = Object.keys(TENANT_FLAGS) as TenantFlag[];
export type TenantFlags = Partial<Record<TenantFlag, boolean>>;
