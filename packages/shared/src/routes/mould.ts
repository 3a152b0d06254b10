import { CRUD_IO, group, page, sub } from './build.ts';

/** Absolute path of this module's lists, for `activeMenu`. */
const MOULD = '/mould';

/**
 * Moulds (模具管理, DOMAIN "Moulds"): the mould master (mould-define), where each mould is and
 * its counter (mould-stock), and the handling documents (模具处理单) opened from the stock list:
 * mould-handle for lending, return, repair and scrap, mould-inStock for stock-in. The documents'
 * buttons are mould-stock's: `Add` / `Modify` / `Del` write, edit and delete them, `Submit` / `Withdraw`
 * send them to audit and take them back, `Approve` / `Reject` audit them (docs/mould.md).
 */
export const mould = group(
  'mould',
  'mould',
  '模具管理',
  [
    page('mouldDefine', 'mould-define', '模具定义', [...CRUD_IO, 'Detail']),
    sub('mouldHandle', 'mould-handle', '模具操作', `${MOULD}/mould-stock`, { noCache: true }),
    page('mouldStock', 'mould-stock', '模具库存', [
      'Detail',
      'Export',
      'Add',
      'Modify',
      'Del',
      'Submit',
      'Withdraw',
      'Approve',
      'Reject',
    ]),
    sub('mouldInStock', 'mould-inStock', '模具入库', `${MOULD}/mould-stock`, { noCache: true }),
  ],
  { icon: 'BuildOutlined' },
);
