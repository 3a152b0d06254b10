import { addPage, BILL_ACTIONS, CRUD, group, page, sub } from './build.ts';

/** Absolute path of this module's lists, for `activeMenu`. */
const SV = '/service';

export const service = group(
  'service',
  'service',
  '售后服务',
  [
    group('demandCenter', 'demand-center', '需求中心', [
      page('demandCenterList', 'demand-center-list', '需求列表', [
        ...CRUD,
        'Detail',
        'Export',
        'Distribute',
        'Withdraw',
        'Finish',
        'Cancel',
      ]),
      addPage('demandCenterAdd', 'demand-center-add', '新增需求', `${SV}/demand-center/demand-center-list`),
      sub(
        'demandCenterDetail',
        'demand-center-detail/:id',
        '需求详情',
        `${SV}/demand-center/demand-center-list`,
      ),
      addPage('addTravelPlan', 'add-travel-plan', '新增出差计划', `${SV}/demand-center/demand-center-list`),
      addPage(
        'addLocalDevelopment',
        'add-local-development',
        '新增本地开发',
        `${SV}/demand-center/demand-center-list`,
      ),
    ]),
    // The work orders a demand turns into; repairs and installs are only reached from a demand.
    group('serviceWorks', 'service-works', '服务工单', [
      // No Detail button: maintainDetail is the detail route's own permission.
      page('maintain', 'maintain', '保养工单', [...CRUD, 'Export', ...BILL_ACTIONS]),
      sub('maintainDetail', 'maintain-detail/:id', '保养工单详情', `${SV}/service-works/maintain`),
      addPage('spotCheckAdd', 'spot-check-add', '新增点检', `${SV}/service-works/maintain`),
      sub('spotCheckDetail', 'spot-check-detail/:id', '点检详情', `${SV}/service-works/maintain`),
      sub('repairsDetail', 'repairs-detail/:id', '维修详情', `${SV}/demand-center/demand-center-list`),
      sub(
        'installEquipmentDetail',
        'install-equipment-detail/:id',
        '安装详情',
        `${SV}/demand-center/demand-center-list`,
      ),
      page('reform', 'reform', '改造工单', [...CRUD, 'Detail', 'Export', ...BILL_ACTIONS]),
    ]),
    group('knowledgeBase', 'knowledge-base', '知识库', [
      page('enterpriseFilesList', 'enterprise-files-list', '企业文件', [...CRUD, 'Export', 'Download']),
      page('failureExperienceList', 'failure-experience-list', '故障经验', [...CRUD, 'Detail', 'Export']),
      addPage(
        'failureExperienceAdd',
        'failure-experience-add',
        '新增故障经验',
        `${SV}/knowledge-base/failure-experience-list`,
      ),
    ]),
    page('dailyReportList', 'daily-report-list', '服务日报', [...CRUD, 'Detail', 'Export']),
    page('serviceOrderList', 'service-order-list', '服务单', [
      ...CRUD,
      'Detail',
      'Export',
      'Print',
      'Confirm',
      'Cancel',
    ]),
    addPage('serviceOrderAdd', 'service-order-add', '新增服务单', `${SV}/service-order-list`),
  ],
  { icon: 'CustomerServiceOutlined' },
);
