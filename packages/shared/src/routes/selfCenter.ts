import { group, page } from './build.ts';

// Hidden from the menu (opened from the user dropdown) and open to every signed-in user.
export const selfCenter = group(
  'selfCenter',
  'self-center',
  '个人中心',
  [
    page('selfCenterUserInfo', 'user-info', '个人信息', [], { noAuth: true }),
    page('modifyPassword', 'modify-password', '修改密码', [], { noAuth: true, noCache: true }),
    page('switchShift', 'switch-shift', '切换班次', [], { noAuth: true, noCache: true }),
    page('mineEquipment', 'mine-equipment', '我的设备', [], { noAuth: true }),
  ],
  { icon: 'UserOutlined', hidden: true, noAuth: true },
);
