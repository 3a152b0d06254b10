import { addPage, CRUD, CRUD_IO, group, page, sub } from './build.ts';

/** Absolute path of this module's lists, for `activeMenu`. */
const FA = '/facility';

export const facility = group(
  'facility',
  'facility',
  '售后设备',
  [
    page('facilityList', 'facility-list', '设备档案', [...CRUD_IO, 'Copy', 'Detail', 'Print']),
    addPage('facilityAdd', 'facility-add', '新增设备', `${FA}/facility-list`),
    sub('facilityDetail', 'facility-detail/:id', '设备详情', `${FA}/facility-list`),
    page('facilityMaintenanceList', 'facility-maintenance-list', '设备保养', [...CRUD, 'Detail', 'Export']),
    addPage(
      'facilityMaintenanceAdd',
      'facility-maintenance-add',
      '新增保养计划',
      `${FA}/facility-maintenance-list`,
    ),
    sub(
      'facilityMaintenanceDetail',
      'facility-maintenance-detail/:id',
      '保养计划详情',
      `${FA}/facility-maintenance-list`,
    ),
    addPage('addTemplate', 'add-template', '新增保养模板', `${FA}/facility-maintenance-list`),
    sub('detailTemplate', 'detail-template/:id', '保养模板详情', `${FA}/facility-maintenance-list`),
    page('facilityPointList', 'facility-point-list', '设备点检', [...CRUD, 'Detail', 'Export']),
    addPage('facilityPointAdd', 'facility-point-add', '新增点检计划', `${FA}/facility-point-list`),
    sub('facilityPointDetail', 'facility-point-detail/:id', '点检计划详情', `${FA}/facility-point-list`),
    addPage('addPointTemplate', 'add-point-template', '新增点检模板', `${FA}/facility-point-list`),
    sub('detailPointTemplate', 'detail-point-template/:id', '点检模板详情', `${FA}/facility-point-list`),
    page('technicalParameterList', 'technical-parameter-list', '技术参数', CRUD_IO),
    addPage(
      'technicalParameterAdd',
      'technical-parameter-add',
      '新增技术参数',
      `${FA}/technical-parameter-list`,
    ),
    page('configurationParameterList', 'configuration-parameter-list', '配置参数', CRUD_IO),
    addPage(
      'configurationParameterAdd',
      'configuration-parameter-add',
      '新增配置参数',
      `${FA}/configuration-parameter-list`,
    ),
    page('factoryParameterList', 'factory-parameter-list', '出厂参数', CRUD_IO),
    addPage('factoryParameterAdd', 'factory-parameter-add', '新增出厂参数', `${FA}/factory-parameter-list`),
  ],
  { icon: 'ClusterOutlined' },
);
