import { addPage, CRUD, CRUD_IO, group, page, TOGGLE } from './build.ts';

/** Absolute path of this module's lists, for `activeMenu`. */
const SET = '/setting';

export const setting = group(
  'setting',
  'setting',
  '系统设置',
  [
    group('userInfo', 'user-info', '用户权限', [
      page('userList', 'user', '用户管理', [
        ...CRUD_IO,
        'Copy',
        ...TOGGLE,
        'ResetPassword',
        'SetStation',
        'SetEquipment',
      ]),
      page('organization', 'organization', '组织架构', CRUD),
      // User groups (spec 001 §2.4, §7.6): the spec shows their calls but no route; ours.
      page('userGroup', 'user-group', '用户组', [...CRUD_IO, 'Copy', ...TOGGLE]),
      // Role screen: function permissions plus its users (spec 000 §6).
      page('roleList', 'role', '角色管理', [
        ...CRUD,
        'Copy',
        'SetPermission',
        'AddUser',
        'RemoveUser',
        'SetStation',
        'SetEquipment',
      ]),
    ]),
    page('shift', 'shift', '班次管理', [...CRUD, ...TOGGLE, 'Export']),
    page('systemParams', 'system-params', '系统参数', ['Modify']),
    page('baseSetting', 'base-setting', '基础设置', ['Modify']),
    group('systemSettingInfo', 'system-setting-info', '系统配置', [
      page('fieldSetting', 'field-setting', '字段设置', [...CRUD, ...TOGGLE]),
      page('codeSetting', 'code-setting', '编码设置', CRUD),
      page('messageNotificateList', 'message-notificate-list', '消息通知', [...CRUD, ...TOGGLE]),
      addPage(
        'messageNotificateAdd',
        'message-notificate-add',
        '新增消息通知',
        `${SET}/system-setting-info/message-notificate-list`,
      ),
    ]),
  ],
  { icon: 'SettingOutlined' },
);
