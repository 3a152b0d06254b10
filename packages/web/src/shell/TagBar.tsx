import {
  CloseOutlined,
  DownOutlined,
  LeftOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  ReloadOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps, Tooltip } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import s from './TagBar.module.css';
import { usePanelVisible, useShellStore, type VisitedTag } from './useShellStore.ts';

interface TagBarProps {
  /** Name of the tag to highlight: the current route's, or for a hidden page its list page's. */
  activeTag?: string;
  /** Where "close" goes when nothing is left. */
  homePath: string;
}

const SCROLL_STEP = 240;

/** Visited-page tags of spec 000 §2 with refresh, close others and close all, and the panel toggle. */
export function TagBar({ activeTag, homePath }: TagBarProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const tags = useShellStore((st) => st.tags);
  const closeTag = useShellStore((st) => st.closeTag);
  const keepOnly = useShellStore((st) => st.keepOnly);
  const toggle = useShellStore((st) => st.toggle);
  const canToggle = useShellStore((st) => st.currentMainHasChildren);
  const panelVisible = usePanelVisible();
  const strip = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setOverflow((o) => (o.left === left && o.right === right ? o : { left, right }));
  }, []);

  /** Brings the current tag into view, e.g. after the strip narrowed when the panel opened. */
  const reveal = useCallback(
    (behavior: ScrollBehavior) => {
      const el = strip.current?.querySelector<HTMLElement>(`[data-tag="${activeTag}"]`);
      el?.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior });
      measure();
    },
    [activeTag, measure],
  );

  useLayoutEffect(() => {
    const el = strip.current;
    if (!el) return;
    const observer = new ResizeObserver(() => reveal('auto'));
    observer.observe(el);
    return () => observer.disconnect();
  }, [reveal]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tag may change the overflow
  useEffect(() => reveal('smooth'), [tags, reveal]);

  const scrollBy = (dx: number) => strip.current?.scrollBy({ left: dx, behavior: 'smooth' });

  const current = location.pathname + location.search;
  const refresh = (path: string) => navigate(`/refresh?redirect=${encodeURIComponent(path)}`);

  const close = (tag: VisitedTag) => {
    if (tag.name === activeTag) {
      const i = tags.findIndex((t) => t.name === tag.name);
      const next = tags[i - 1] ?? tags[i + 1];
      navigate(next ? next.path : homePath);
    }
    closeTag(tag.name);
  };

  /** Keeps one tag and shows it. */
  const keep = (tag: VisitedTag) => {
    keepOnly(tag.name);
    if (tag.name !== activeTag) navigate(tag.path);
  };

  const contextItems = (tag: VisitedTag): MenuProps['items'] => [
    { key: 'refresh', icon: <ReloadOutlined />, label: '刷新', onClick: () => refresh(tag.path) },
    {
      key: 'close',
      icon: <CloseOutlined />,
      label: '关闭',
      disabled: tags.length < 2,
      onClick: () => close(tag),
    },
    { type: 'divider' },
    { key: 'others', label: '关闭其他', disabled: tags.length < 2, onClick: () => keep(tag) },
    { key: 'all', label: '关闭全部', onClick: () => keepOnly(activeTag) },
  ];

  const actionItems: MenuProps['items'] = [
    { key: 'refresh', icon: <ReloadOutlined />, label: '刷新当前', onClick: () => refresh(current) },
    { type: 'divider' },
    { key: 'others', label: '关闭其他', onClick: () => keepOnly(activeTag) },
    { key: 'all', label: '关闭全部', onClick: () => keepOnly(activeTag) },
  ];

  return (
    <div className={s.bar}>
      <Tooltip
        title={canToggle ? (panelVisible ? '收起菜单' : '展开菜单') : '当前菜单无子菜单'}
        placement="bottomLeft"
      >
        <button
          type="button"
          className={s.tool}
          onClick={toggle}
          disabled={!canToggle}
          aria-label={panelVisible ? '收起菜单' : '展开菜单'}
        >
          {panelVisible ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        </button>
      </Tooltip>
      <span className={s.sep} />
      {overflow.left && (
        <button
          type="button"
          className={s.arrow}
          onClick={() => scrollBy(-SCROLL_STEP)}
          aria-label="向左滚动"
        >
          <LeftOutlined />
        </button>
      )}
      <div
        className={`${s.strip} ${overflow.left ? s.fadeLeft : ''} ${overflow.right ? s.fadeRight : ''}`}
        ref={strip}
        onScroll={measure}
      >
        {tags.map((tag) => {
          const active = tag.name === activeTag;
          return (
            <Dropdown key={tag.name} trigger={['contextMenu']} menu={{ items: contextItems(tag) }}>
              <Link
                to={tag.path}
                data-tag={tag.name}
                className={`${s.tag} ${active ? s.active : ''}`}
                aria-current={active ? 'page' : undefined}
              >
                {active && <span className={s.dot} />}
                <span className={s.title}>{tag.title}</span>
                {tags.length > 1 && (
                  <CloseOutlined
                    className={s.close}
                    role="button"
                    aria-label={`关闭${tag.title}`}
                    onClick={(e) => {
                      e.preventDefault();
                      e.stopPropagation();
                      close(tag);
                    }}
                  />
                )}
              </Link>
            </Dropdown>
          );
        })}
      </div>
      {overflow.right && (
        <button type="button" className={s.arrow} onClick={() => scrollBy(SCROLL_STEP)} aria-label="向右滚动">
          <RightOutlined />
        </button>
      )}
      <span className={s.sep} />
      <Tooltip title="刷新当前页" placement="bottom">
        <button type="button" className={s.tool} onClick={() => refresh(current)} aria-label="刷新当前页">
          <ReloadOutlined />
        </button>
      </Tooltip>
      <Dropdown trigger={['click']} placement="bottomRight" menu={{ items: actionItems }}>
        <button type="button" className={`${s.tool} ${s.more}`} aria-label="标签操作" title="标签操作">
          <DownOutlined />
        </button>
      </Dropdown>
    </div>
  );
}
