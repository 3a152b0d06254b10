import { group, page } from './build.ts';

// The spec's path is project/mrp; the module is called mrp on both sides (DESIGN §1).
export const mrp = group(
  'mrp',
  'project/mrp',
  'MRP计划',
  [
    // the purchase requests (请购单) MRP suggests and people key, ordered from here
    page('purchasingDemand', 'purchasing-demand', '采购需求', [
      'Add',
      'Del',
      'Detail',
      'Export',
      'Calculate',
      'Modify',
      'Submit',
      'Withdraw',
      'Cancel',
      'Order',
      // a run's make suggestions become material-requirements plans
      'Plan',
    ]),
  ],
  { icon: 'CalculatorOutlined' },
);
