import {
  AppstoreOutlined,
  DownOutlined,
  EnvironmentOutlined,
  KeyOutlined,
  LockOutlined,
  LogoutOutlined,
  ScheduleOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { routePath } from '@factory/shared/routes';
import { Avatar, Button, Dropdown, type MenuProps, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fileSrc } from '../platform/fileSrc.ts';
import { useSession } from '../platform/session.ts';
import s from './Header.module.css';
import { useLockAction } from './LockScreen.tsx';
import { NotificationBell } from './Notifications.tsx';
import { CurrentPost, SwitchDialog, type SwitchKind } from './SwitchDialogs.tsx';
import { useLogout } from './useLogout.ts';

/** First character of a name, for avatars and the fallback logo. */
const initial = (text: string) => Array.from(text.trim())[0] ?? '';
const AVATAR_STYLE = { background: 'linear-gradient(135deg, #7b93ff, #5878fc)' };

/**
 * Header bar of spec 000 §2: company logo, name and version, the notification bell, lock,
 * application market and the user menu. Tenant variations come from the tenant's flags.
 */
export function Header() {
  const user = useSession((st) => st.user);
  const navigate = useNavigate();
  const lock = useLockAction();
  const logout = useLogout();
  const [switching, setSwitching] = useState<SwitchKind>();
  if (!user) return <header className={s.header} />;

  const company = user.companyInfo;
  const flags = company.flags;

  const items: MenuProps['items'] = [
    { key: 'shift', icon: <ScheduleOutlined />, label: '切换班次', onClick: () => setSwitching('shift') },
    {
      key: 'station',
      icon: <EnvironmentOutlined />,
      label: '切换工位',
      onClick: () => setSwitching('station'),
    },
    {
      key: 'selfCenter',
      icon: <UserOutlined />,
      label: '个人中心',
      onClick: () => navigate(routePath('selfCenterUserInfo')),
    },
    {
      key: 'modifyPassword',
      icon: <KeyOutlined />,
      label: '修改密码',
      onClick: () => navigate(routePath('modifyPassword')),
    },
    ...(flags.hideLogout
      ? []
      : [
          { type: 'divider' as const },
          { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: logout },
        ]),
  ];

  return (
    <header className={s.header}>
      <div className={s.brand}>
        {company.companyLogo ? (
          <img className={s.logo} src={company.companyLogo} alt="" />
        ) : (
          <span className={s.mark} aria-hidden>
            {initial(company.companyName)}
          </span>
        )}
        <span className={s.company} title={company.companyName}>
          {company.companyName}
        </span>
        {company.version && <span className={s.version}>{company.version}</span>}
      </div>

      <div className={s.actions}>
        {flags.appMarketButton && (
          <Button
            className={s.market}
            type="primary"
            shape="round"
            icon={<AppstoreOutlined />}
            // A plain new tab, not noopener: the new tab must inherit this tab's session storage (token).
            onClick={() => window.open('/apply', '_blank')}
          >
            应用市场
          </Button>
        )}
        <NotificationBell />
        {!flags.hideLock && (
          <Tooltip title="锁屏">
            <button type="button" className={s.iconButton} onClick={lock} aria-label="锁屏">
              <LockOutlined />
            </button>
          </Tooltip>
        )}
        <span className={s.divider} />
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{ items }}
          popupRender={(menu) => (
            <div className={s.userPanel}>
              <div className={s.userCard}>
                <Avatar size={40} src={fileSrc(user.avatar)} className={s.avatar} style={AVATAR_STYLE}>
                  {initial(user.name)}
                </Avatar>
                <div className={s.userText}>
                  <div className={s.userName}>{user.name}</div>
                  <div className={s.userMeta}>{user.userName}</div>
                  <div className={s.userMeta}>{company.companyName}</div>
                  <CurrentPost />
                </div>
              </div>
              {menu}
            </div>
          )}
        >
          <button type="button" className={s.user}>
            <Avatar size={28} src={fileSrc(user.avatar)} className={s.avatar} style={AVATAR_STYLE}>
              {initial(user.name)}
            </Avatar>
            <span className={s.userLabel}>{user.name}</span>
            <CurrentPost compact />
            <DownOutlined className={s.caret} />
          </button>
        </Dropdown>
        <SwitchDialog kind={switching} onClose={() => setSwitching(undefined)} />
      </div>
    </header>
  );
}
