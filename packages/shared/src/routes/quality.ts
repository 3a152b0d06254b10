import { CRUD, CRUD_IO, group, page, sub, TOGGLE } from './build.ts';

/** Absolute path of this module's lists, for `activeMenu`. */
const QA = '/quality';

export const quality = group(
  'quality',
  'quality',
  '质量管理',
  [
    group('qualityInfos', 'quality-infos', '质检管理', [
      page('qualityInspectionOrderList', 'quality-inspection-order-list', '质检单', [
        'Add',
        'Del',
        'Detail',
        'Export',
        'Print',
        'Inspect',
        'Audit',
        'Approve',
      ]),
      sub(
        'qualityInspectionOrderDetail',
        'quality-inspection-order-detail/:id',
        '质检单详情',
        `${QA}/quality-infos/quality-inspection-order-list`,
      ),
      page('repairRecord', 'repair-record', '返修记录', ['Detail', 'Export']),
      page('reportWasteRecord', 'report-waste-record', '报工报废记录', ['Detail', 'Export']),
      // Non-conforming product handling: rework, scrap or concession acceptance (spec 001 report 39).
      page('unquality', 'unquality', '不合格品', [
        'Detail',
        'Export',
        'Repair',
        'Scrap',
        'Concession',
        'Return',
      ]),
      page('scrap', 'scrap', '报废单', ['Add', 'Del', 'Detail', 'Export', 'Confirm']),
    ]),
    group('qualityPlanInfo', 'quality-plan-info', '质检配置', [
      page('inspectionProject', 'inspection-project', '检验项目', [...CRUD_IO, 'Copy', ...TOGGLE]),
      page('qualityInspectionPlanList', 'quality-inspection-plan-list', '质检方案', [
        ...CRUD,
        'Copy',
        ...TOGGLE,
        'Export',
        'Detail',
      ]),
      sub(
        'qualityInspectionPlanDetail',
        'quality-inspection-plan-detail/:id',
        '质检方案详情',
        `${QA}/quality-plan-info/quality-inspection-plan-list`,
      ),
      page('defects', 'defects', '不良项目', CRUD_IO),
    ]),
    group('allCodeTracing', 'all-code-tracing', '质量追溯', [
      page('rawMaterialBatchCodeTracingList', 'raw-material-batch-code-tracing-list', '原料批次追溯', [
        'Detail',
        'Export',
      ]),
      sub(
        'rawMaterialBatchCodeTracingDetail',
        'raw-material-batch-code-tracing-detail/:id',
        '原料批次追溯详情',
        `${QA}/all-code-tracing/raw-material-batch-code-tracing-list`,
      ),
      page('productBatchCodeTracingList', 'product-batch-code-tracing-list', '产品批次追溯', [
        'Detail',
        'Export',
      ]),
      sub(
        'productBatchCodeTracingDetail',
        'product-batch-code-tracing-detail/:id',
        '产品批次追溯详情',
        `${QA}/all-code-tracing/product-batch-code-tracing-list`,
      ),
      page('finishedProductTracing', 'finished-product-tracing', '成品追溯', ['Export']),
    ]),
  ],
  { icon: 'SafetyCertificateOutlined' },
);
