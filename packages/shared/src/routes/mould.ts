import { CRUD_IO, group, page, sub } from './build.ts';

/** Absolute path of this module's lists, for `activeMenu`. */
const MOULD = '/mould';

export const mould = group(
  'mould',
  'mould',
  '模具管理',
  [
    page('mouldDefine', 'mould-define', '模具定义', [...CRUD_IO, 'Detail']),
    sub('mouldHandle', 'mould-handle', '模具操作', `${MOULD}/mould-define`, { noCache: true }),
    page('mouldStock', 'mould-stock', '模具库存', ['Detail', 'Export']),
    sub('mouldInStock', 'mould-inStock', '模具入库', `${MOULD}/mould-stock`, { noCache: true }),
  ],
  { icon: 'BuildOutlined' },
);
