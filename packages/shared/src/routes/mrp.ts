import { group, page } from './build.ts';

// The spec's path is project/mrp; the module is called mrp on both sides (DESIGN §1).
export const mrp = group(
  'mrp',
  'project/mrp',
  'MRP计划',
  [
    page('purchasingDemand', 'purchasing-demand', '采购需求', [
      'Add',
      'Del',
      'Detail',
      'Export',
      'Calculate',
    ]),
  ],
  { icon: 'CalculatorOutlined' },
);
