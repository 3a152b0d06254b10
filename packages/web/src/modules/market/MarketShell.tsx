import { AppstoreFilled, PhoneOutlined } from '@ant-design/icons';
import { COST_SUFFIX, MARKET_CONTACT, marketMessages } from '@factory/shared/api/market';
import { App, Avatar, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { fileSrc } from '../../platform/fileSrc.ts';
import { useSession } from '../../platform/session.ts';
import { usePermission } from '../../platform/usePermission.ts';
import s from './market.module.css';

/**
 * The market's own frame (spec 000 §2: /apply and /applyDetails have no side menu; the header
 * shows 应用中心 and the signed-in user's name).
 */
export function MarketShell({ children }: { children: ReactNode }) {
  const user = useSession((st) => st.user);
  const navigate = useNavigate();
  return (
    <div className={s.page}>
      <header className={s.header}>
        <button type="button" className={s.brand} onClick={() => navigate('/apply')}>
          <span className={s.brandMark} aria-hidden>
            <AppstoreFilled />
          </span>
          应用中心
        </button>
        <div className={s.headerRight}>
          <button type="button" className={s.backLink} onClick={() => navigate('/')}>
            返回工作台
          </button>
          {user && (
            <span className={s.user}>
              <Avatar size={28} src={fileSrc(user.avatar)} style={{ background: '#5878fc' }}>
                {user.name.slice(0, 1)}
              </Avatar>
              <span data-testid="market-user">{user.name}</span>
            </span>
          )}
        </div>
      </header>
      {children}
    </div>
  );
}

/**
 * 获取 (spec 000 §2): there is no self-service purchase; a box titled 咨询 asks the customer to
 * contact the provider. Confirming or cancelling does nothing further.
 */
export function useConsult(): (appName: string) => void {
  const { modal } = App.useApp();
  return (appName) => {
    modal.confirm({
      title: marketMessages.consultTitle,
      icon: <PhoneOutlined style={{ color: '#5878fc' }} />,
      content: (
        <div style={{ lineHeight: 1.9 }}>
          <div>
            您正在了解「<Typography.Text strong>{appName}</Typography.Text>」。
          </div>
          <div>{marketMessages.consult}</div>
          <div>
            {MARKET_CONTACT.name}：
            <a href={`tel:${MARKET_CONTACT.phone.replaceAll('-', '')}`} style={{ fontWeight: 600 }}>
              {MARKET_CONTACT.phone}
            </a>
          </div>
        </div>
      ),
      okText: '我知道了',
      cancelText: '取消',
    });
  };
}

/** Catalogue pictures are public (static icons or market pictures): no token is added. */
export function MarketPicture({
  src,
  name,
  className,
}: {
  src: string | null;
  name: string;
  className: string;
}) {
  return src ? (
    <img className={className} src={src} alt={name} />
  ) : (
    <span className={`${className} ${s.picturePlaceholder}`} aria-hidden>
      {name.slice(0, 1)}
    </span>
  );
}

export function Price({ cost, className = s.price }: { cost: number; className?: string }) {
  return (
    <span className={className}>
      <span className={s.priceValue}>{cost.toLocaleString('zh-CN', { maximumFractionDigits: 2 })}</span>
      {COST_SUFFIX}
    </span>
  );
}

/**
 * What the signed-in user may change: the route's button keys, and only in the provider's own tenant
 * (the catalogue is the provider's; for any other tenant the server refuses).
 */
export function useMarketRights() {
  const can = usePermission();
  const provider = useSession((st) => !!st.user?.companyInfo.flags.providerConsole);
  return {
    add: provider && can('ApplyMarket', 'Add'),
    modify: provider && can('applyDetails', 'Modify'),
    remove: provider && can('applyDetails', 'Del'),
  };
}
