import { theme } from 'antd';
import { type CSSProperties, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import styles from './LoginTabs.module.css';

interface Tab<K extends string> {
  key: K;
  label: string;
}

/**
 * The sign-in modes as a tab bar drawn like antd's Tabs: antd's brings its overflow menu and
 * dropdown along, ~19 KB gzip of the JavaScript /login is budgeted (issue 18), for two fixed labels.
 */
export function LoginTabs<K extends string>({
  items,
  activeKey,
  onChange,
}: {
  items: Tab<K>[];
  activeKey: K;
  onChange: (key: K) => void;
}) {
  const { token } = theme.useToken();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const [ink, setInk] = useState<{ left: number; width: number }>();

  // the ink bar slides under the active tab (measured: the labels' widths depend on the font)
  useLayoutEffect(() => {
    const b = buttons.current.get(activeKey);
    if (b) setInk({ left: b.offsetLeft, width: b.offsetWidth });
  }, [activeKey]);

  // arrow keys move between the tabs, as a tab list's do
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = items[(index + step + items.length) % items.length];
    buttons.current.get(next.key)?.focus();
    onChange(next.key);
  };

  const colors = {
    '--tabs-line': token.colorBorderSecondary,
    '--tabs-color': token.colorText,
    '--tabs-hover': token.colorPrimaryHover,
    '--tabs-selected': token.colorPrimary,
    '--tabs-active': token.colorPrimaryActive,
    '--tabs-focus': token.colorPrimaryBorder,
  } as CSSProperties;

  return (
    <div role="tablist" className={styles.tabs} style={colors}>
      {items.map((item, index) => (
        <button
          key={item.key}
          ref={(el) => {
            if (el) buttons.current.set(item.key, el);
            else buttons.current.delete(item.key);
          }}
          type="button"
          role="tab"
          aria-selected={item.key === activeKey}
          tabIndex={item.key === activeKey ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(item.key)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {item.label}
        </button>
      ))}
      {ink && <div className={styles.ink} style={ink} />}
    </div>
  );
}
