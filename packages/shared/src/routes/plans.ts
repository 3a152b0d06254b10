import { addPage, CRUD, CRUD_IO, group, ORDER_ACTIONS, page, sub, WORK_ACTIONS } from './build.ts';

/** Absolute path of this module's lists, for `activeMenu`. */
const PL = '/plans';

export const plans = group(
  'plans',
  'plans',
  '生产计划',
  [
    group('orders', 'orders', '订单管理', [
      page('orderList', 'order-list', '订单列表', [
        ...CRUD_IO,
        'QuickAdd',
        'Copy',
        'Detail',
        'AddPlan',
        ...ORDER_ACTIONS,
        'End',
        'Reopen',
      ]),
      addPage('orderAdd', 'order-add', '新增订单', `${PL}/orders/order-list`),
      addPage('orderQuickAdd', 'order-quick-add', '快速下单', `${PL}/orders/order-list`),
      // Plans are released from an order, so the order list stays highlighted.
      addPage('planAdd', 'plan-add', '新增生产计划', `${PL}/orders/order-list`),
      sub('orderDetail', 'order-detail/:id', '订单详情', `${PL}/orders/order-list`),
    ]),
    page('planList', 'plan-list', '生产计划列表', [
      ...CRUD_IO,
      'Copy',
      'Detail',
      'Release',
      'Withdraw',
      'Stocking',
      'Schedule',
      ...ORDER_ACTIONS,
      'End',
      'Split',
    ]),
    page('planSchedules', 'plan-schedules', '计划排程', ['Schedule', 'Modify', 'Export']),
    group('works', 'works', '工单管理', [
      page('workList', 'work-list', '工单列表', [
        ...CRUD_IO,
        'Copy',
        'Detail',
        'Print',
        ...WORK_ACTIONS,
        'Pause',
      ]),
      sub('workDetail', 'work-detail/:id', '工单详情', `${PL}/works/work-list`),
      sub('repairDetail', 'repair-detail/:id', '返修工单详情', `${PL}/works/work-list`),
    ]),
    page('stationScheduling', 'station-scheduling', '工位排产', ['Schedule', 'Modify', 'Export']),
    page('outSourceLists', 'out-source-lists', '委外加工', [
      ...CRUD,
      'Detail',
      'Export',
      'Print',
      ...ORDER_ACTIONS,
      // 发外, 收回 and 撤销收回 of an outsourcing order (docs/outsourcing.md)
      'Send',
      'Receive',
      'Reverse',
    ]),
    page('reportRecords', 'report-records', '报工记录', [...CRUD_IO, 'Print', 'Withdraw']),
    // Kitting calculation: can the materials in stock cover the planned work?
    page('completeSetList', 'complete-set-list', '齐套分析', ['Add', 'Del', 'Detail', 'Export']),
    addPage('completeSetAdd', 'complete-set-add', '齐套计算', `${PL}/complete-set-list`),
    group('plansStatistic', 'plans-statistic', '计划统计', [
      page('performanceSalary', 'performance-salary', '绩效工资', ['Export']),
    ]),
    group('plansSettings', 'plans-settings', '计划设置', [
      page('pieceRate', 'piece-rate', '计件单价', CRUD_IO),
      // the days off and the extra working days the scheduler plans around
      page('workCalendar', 'work-calendar', '工作日历', CRUD_IO),
    ]),
  ],
  { icon: 'ScheduleOutlined' },
);
