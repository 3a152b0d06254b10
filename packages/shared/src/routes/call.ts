import { CRUD, group, page, TOGGLE } from './build.ts';

export const call = group(
  'call',
  'call',
  '呼叫系统',
  [
    page('callSearch', 'search', '呼叫查询', ['Detail', 'Export', 'Finish', 'Cancel']),
    page('callClassify', 'classify', '呼叫类型', [...CRUD, ...TOGGLE]),
  ],
  { icon: 'PhoneOutlined' },
);
