import { CRUD, group, page, TOGGLE } from './build.ts';

/**
 * The call system (呼叫, andon; DOMAIN "Call system"): the calls with their respond (Respond),
 * close (Finish) and cancel (Cancel) actions, and the call types saying who is called.
 */
export const call = group(
  'call',
  'call',
  '呼叫系统',
  [
    page('callSearch', 'search', '呼叫查询', ['Add', 'Detail', 'Export', 'Respond', 'Finish', 'Cancel']),
    page('callClassify', 'classify', '呼叫类型', [...CRUD, ...TOGGLE]),
  ],
  { icon: 'PhoneOutlined' },
);
