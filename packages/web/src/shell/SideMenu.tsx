import { CommentOutlined, FileTextOutlined, MobileOutlined } from '@ant-design/icons';
import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { useQuery } from '@tanstack/react-query';
import { Popover, QRCode } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '../platform/call.ts';
import { ModuleIcon } from '../platform/ModuleIcon.tsx';
import type { MenuEntry } from '../platform/menu.ts';
import { useSession } from '../platform/session.ts';
import { ChangelogDialog } from './ChangelogDialog.tsx';
import s from './SideMenu.module.css';
import { usePanelVisible, useShellStore } from './useShellStore.ts';

export const FEEDBACK_EMAIL = 'support@factory-console.cn';
const FEEDBACK_HREF = `mailto:${FEEDBACK_EMAIL}?subject=${encodeURIComponent('产品反馈')}`;
const APP_DOWNLOAD_CODE = 'app_version_upload';

interface SideMenuProps {
  entries: readonly MenuEntry[];
  /** Route name whose entry is highlighted (a hidden page's list page). */
  activeName?: string;
}

/**
 * Two-level side menu of spec 000 §2: a dark column of first-level entries and, for an entry with
 * children, the 145 px panel listing its groups and pages.
 */
export function SideMenu({ entries, activeName }: SideMenuProps) {
  const navigate = useNavigate();
  const currentMain = useShellStore((st) => st.currentMain);
  const setCurrentMain = useShellStore((st) => st.setCurrentMain);
  const setOpened = useShellStore((st) => st.setOpened);
  const panelVisible = usePanelVisible();
  const main = entries.find((e) => e.name === currentMain);

  const select = (entry: MenuEntry) => {
    const hasChildren = entry.children.length > 0;
    setCurrentMain(entry.name, hasChildren);
    setOpened(hasChildren);
    if (!hasChildren) navigate(entry.path);
  };

  return (
    <aside className={s.aside}>
      <div className={s.rail}>
        <nav className={s.entries} aria-label="主菜单">
          {entries.map((entry) => {
            const active = entry.name === currentMain;
            return (
              <button
                key={entry.name}
                type="button"
                className={`${s.entry} ${active ? s.active : ''}`}
                aria-current={active ? 'true' : undefined}
                onClick={() => select(entry)}
              >
                <ModuleIcon name={entry.icon} />
                <span className={s.entryTitle}>{entry.title}</span>
              </button>
            );
          })}
        </nav>
        <div className={s.bottom}>
          <AppDownload />
          <Changelog />
          <a className={s.bottomLink} href={FEEDBACK_HREF}>
            <CommentOutlined />
            <span>意见反馈</span>
          </a>
        </div>
      </div>
      {panelVisible && main && (
        <nav className={s.panel} aria-label={main.title}>
          <div className={s.panelTitle}>{main.title}</div>
          <div className={s.panelBody}>
            {main.children.map((child) =>
              child.children.length > 0 ? (
                <div key={child.name} className={s.group}>
                  <div className={s.groupTitle}>{child.title}</div>
                  {child.children.map((leaf) => (
                    <PanelLink key={leaf.name} entry={leaf} active={leaf.name === activeName} />
                  ))}
                </div>
              ) : (
                <PanelLink key={child.name} entry={child} active={child.name === activeName} />
              ),
            )}
          </div>
        </nav>
      )}
    </aside>
  );
}

function PanelLink({ entry, active }: { entry: MenuEntry; active: boolean }) {
  return (
    <Link
      to={entry.path}
      className={`${s.link} ${active ? s.linkActive : ''}`}
      aria-current={active ? 'page' : undefined}
      title={entry.title}
    >
      {entry.title}
    </Link>
  );
}

/** APP download: shown when the tenant allows it and an address is configured; hover shows its QR code. */
function AppDownload() {
  const hidden = useSession((st) => !!st.user?.companyInfo.flags.hideAppDownload);
  const { data } = useQuery({
    queryKey: ['basicConfig', APP_DOWNLOAD_CODE],
    queryFn: () => call(basicConfigApi.byCode, { code: APP_DOWNLOAD_CODE }, { keep: true }),
    enabled: !hidden,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = data?.value.trim();
  if (hidden || !url) return null;
  return (
    <Popover
      placement="rightBottom"
      title="扫码下载APP"
      content={
        <div className={s.qr}>
          <QRCode value={url} size={148} bordered={false} />
          <div className={s.qrHint}>使用手机扫码下载安装</div>
        </div>
      }
    >
      <a className={s.bottomLink} href={url} target="_blank" rel="noreferrer">
        <MobileOutlined />
        <span>APP下载</span>
      </a>
    </Popover>
  );
}

function Changelog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={s.bottomLink} onClick={() => setOpen(true)}>
        <FileTextOutlined />
        <span>更新日志</span>
      </button>
      <ChangelogDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
