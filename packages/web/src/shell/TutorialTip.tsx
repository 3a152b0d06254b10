import {
  ApartmentOutlined,
  CloseOutlined,
  DashboardOutlined,
  InboxOutlined,
  PlayCircleFilled,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { Empty, Tooltip } from 'antd';
import { type ComponentType, type PointerEvent, useEffect, useRef, useState } from 'react';
import s from './TutorialTip.module.css';

/** The seven job roles with video tutorials (spec 000 §1). */
const ROLES: { name: string; icon: ComponentType }[] = [
  { name: '质检员', icon: SafetyCertificateOutlined },
  { name: '仓管员', icon: InboxOutlined },
  { name: '工艺员', icon: ApartmentOutlined },
  { name: '操作工', icon: ToolOutlined },
  { name: '计划员', icon: ScheduleOutlined },
  { name: '管理者', icon: TeamOutlined },
  { name: '设备管理员', icon: DashboardOutlined },
];

const STORAGE_KEY = 'tutorialTipPosition';
/** The handle is a small tab; by default it docks on the window's right edge, clear of page buttons. */
const WIDTH = 28;
const HEIGHT = 100;
const MARGIN = 8;
/** Height the open panel needs above its bottom edge (its max height plus a gap below the header). */
const PANEL_ROOM = 590;
/** Movement below this is a click, not a drag. */
const DRAG_THRESHOLD = 4;

/** Distance of the tab from the window's right and bottom edges, so it keeps its place on resize. */
interface Offset {
  right: number;
  bottom: number;
}

const DEFAULT_OFFSET: Offset = { right: 0, bottom: 180 };

/** Never off screen: the whole tab stays inside the window. */
function clamp(o: Offset): Offset {
  const maxRight = Math.max(0, window.innerWidth - WIDTH);
  const maxBottom = Math.max(MARGIN, window.innerHeight - HEIGHT - MARGIN);
  return {
    right: Math.min(Math.max(o.right, 0), maxRight),
    bottom: Math.min(Math.max(o.bottom, MARGIN), maxBottom),
  };
}

function readOffset(): Offset {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Offset> | null;
    if (saved && Number.isFinite(saved.right) && Number.isFinite(saved.bottom)) {
      return clamp(saved as Offset);
    }
  } catch {
    // an unreadable saved position falls back to the default place
  }
  return clamp(DEFAULT_OFFSET);
}

/**
 * Floating, draggable tutorial box (spec 000 §2). The provider uploads the videos; none are
 * published yet, which the panel says plainly.
 */
export function TutorialTip() {
  const [offset, setOffset] = useState(readOffset);
  const [open, setOpen] = useState(false);
  const drag = useRef<{ x: number; y: number; start: Offset; moved: boolean } | null>(null);

  useEffect(() => {
    const onResize = () => setOffset((o) => clamp(o));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, start: offset, moved: false };
  };

  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    d.moved = true;
    setOffset(clamp({ right: d.start.right - dx, bottom: d.start.bottom - dy }));
  };

  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    e.currentTarget.releasePointerCapture(e.pointerId);
    if (d.moved) localStorage.setItem(STORAGE_KEY, JSON.stringify(offset));
    else setOpen((v) => !v);
  };

  // The panel opens beside the tab, towards the wider side, bottom-aligned with it unless that would
  // push it past the top of the window.
  const onRightHalf = offset.right < window.innerWidth / 2;
  const panelPosition = {
    ...(onRightHalf
      ? { right: offset.right + WIDTH + MARGIN }
      : { left: window.innerWidth - offset.right + MARGIN }),
    bottom: Math.min(offset.bottom, Math.max(MARGIN, window.innerHeight - PANEL_ROOM)),
  };

  return (
    <>
      {open && (
        <section className={s.panel} style={panelPosition} aria-label="操作视频教程">
          <header className={s.panelHeader}>
            <div>
              <div className={s.panelTitle}>操作视频教程</div>
              <div className={s.panelSub}>按岗位学习系统操作</div>
            </div>
            <button type="button" className={s.collapse} onClick={() => setOpen(false)} aria-label="收起">
              <CloseOutlined />
            </button>
          </header>
          <Empty
            style={{ margin: '16px 0 8px' }}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="服务商尚未上传教程视频"
          />
          <ul className={s.roles}>
            {ROLES.map(({ name, icon: Icon }) => (
              <li key={name} className={s.role}>
                <span className={s.roleIcon}>
                  <Icon />
                </span>
                <span className={s.roleName}>{name}</span>
                <span className={s.roleState}>暂无视频</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Tooltip title={open ? undefined : '操作视频教程，可拖动'} placement="left">
        <button
          type="button"
          className={`${s.tab} ${offset.right === 0 ? s.docked : ''} ${open ? s.tabOpen : ''}`}
          style={{ right: offset.right, bottom: offset.bottom }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            drag.current = null;
          }}
          onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && setOpen((v) => !v)}
          aria-expanded={open}
          aria-label="操作视频教程"
        >
          <PlayCircleFilled />
          <span className={s.tabText}>视频教程</span>
        </button>
      </Tooltip>
    </>
  );
}
