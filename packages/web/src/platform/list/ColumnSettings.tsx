import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Flex, InputNumber, Popover, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { useSubmit } from '../useSubmit.ts';
import type { ColumnState } from './columnPrefs.ts';

const { Text } = Typography;

/** Moves one item of a list to another position. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

interface Props {
  /** Column names by key. */
  labels: Map<string, string>;
  columns: ColumnState[];
  defaults: ColumnState[];
  onSave(columns: ColumnState[]): Promise<void>;
}

/**
 * Column settings (spec 000 §3, §4): show or hide, reorder (drag or arrows) and set widths in a
 * popover; 确定 saves, 取消 drops the changes, 恢复默认 goes back to the page's columns.
 */
export function ColumnSettings({ labels, columns, defaults, onSave }: Props) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ColumnState[]>(columns);
  const { saving, run } = useSubmit();
  const [drag, setDrag] = useState<{ from: number; over: number }>();
  // rows drag only from their handle, so the width inputs keep normal text selection
  const [armed, setArmed] = useState<number>();

  const checked = draft.filter((c) => c.checked).length;
  const patch = (i: number, change: Partial<ColumnState>) =>
    setDraft((d) => d.map((c, j) => (j === i ? { ...c, ...change } : c)));

  const show = (next: boolean) => {
    if (next) setDraft(columns);
    setDrag(undefined);
    setOpen(next);
  };

  // a refusal leaves the popover open with the changes
  const save = () =>
    run(async () => {
      await onSave(draft);
      message.success('列设置已保存');
      setOpen(false);
    });

  const content = (
    <Flex vertical style={{ width: 340 }}>
      <Flex
        align="center"
        justify="space-between"
        style={{ padding: '0 4px 8px', borderBottom: `1px solid ${token.colorSplit}` }}
      >
        <Checkbox
          checked={checked === draft.length}
          indeterminate={checked > 0 && checked < draft.length}
          onChange={(e) => setDraft((d) => d.map((c) => ({ ...c, checked: e.target.checked })))}
        >
          列展示（{checked}/{draft.length}）
        </Checkbox>
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDraft(defaults)}>
          恢复默认
        </Button>
      </Flex>
      <Flex justify="space-between" style={{ padding: '6px 4px 2px' }}>
        <Text type="secondary" style={{ fontSize: 12 }}>
          拖动或用箭头调整顺序
        </Text>
        <Text type="secondary" style={{ fontSize: 12, width: 150 }}>
          列宽（px，空为自动）
        </Text>
      </Flex>
      <div style={{ maxHeight: 360, overflowY: 'auto', margin: '0 -4px' }}>
        {draft.map((c, i) => (
          <Flex
            key={c.key}
            align="center"
            gap={6}
            draggable={armed === i}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              setDrag({ from: i, over: i });
            }}
            onDragOver={(e) => {
              e.preventDefault();
              if (drag && drag.over !== i) setDrag({ ...drag, over: i });
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (drag) setDraft((d) => moveItem(d, drag.from, drag.over));
              setDrag(undefined);
            }}
            onDragEnd={() => {
              setDrag(undefined);
              setArmed(undefined);
            }}
            style={{
              padding: '3px 8px',
              borderRadius: token.borderRadiusSM,
              background: drag?.from === i ? token.colorFillSecondary : undefined,
              boxShadow:
                drag && drag.over === i && drag.from !== i
                  ? `inset 0 ${drag.from < i ? -2 : 2}px 0 ${token.colorPrimary}`
                  : undefined,
            }}
          >
            <HolderOutlined
              aria-label="拖动排序"
              onMouseDown={() => setArmed(i)}
              onMouseUp={() => setArmed(undefined)}
              style={{ color: token.colorTextTertiary, cursor: 'grab', padding: '4px 2px' }}
            />
            <Checkbox
              style={{ flex: 1, minWidth: 0 }}
              checked={c.checked}
              onChange={(e) => patch(i, { checked: e.target.checked })}
            >
              <Text ellipsis style={{ maxWidth: 110 }}>
                {labels.get(c.key) ?? c.key}
              </Text>
            </Checkbox>
            <InputNumber
              size="small"
              min={60}
              max={2000}
              precision={0}
              placeholder="自动"
              value={c.width ?? null}
              onChange={(v) => patch(i, { width: v ?? undefined })}
              style={{ width: 80 }}
            />
            <Button
              type="text"
              size="small"
              aria-label="上移"
              icon={<ArrowUpOutlined />}
              disabled={i === 0}
              onClick={() => setDraft((d) => moveItem(d, i, i - 1))}
            />
            <Button
              type="text"
              size="small"
              aria-label="下移"
              icon={<ArrowDownOutlined />}
              disabled={i === draft.length - 1}
              onClick={() => setDraft((d) => moveItem(d, i, i + 1))}
            />
          </Flex>
        ))}
      </div>
      <Flex
        align="center"
        justify="space-between"
        gap={8}
        style={{ paddingTop: 10, borderTop: `1px solid ${token.colorSplit}` }}
      >
        <Text type="danger" style={{ fontSize: 12 }}>
          {checked === 0 ? '请至少选择一列' : ''}
        </Text>
        <Flex gap={8}>
          <Button size="small" onClick={() => show(false)}>
            取消
          </Button>
          <Button size="small" type="primary" loading={saving} disabled={checked === 0} onClick={save}>
            确定
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => !saving && show(next)}
      content={content}
      arrow={false}
    >
      <Tooltip title="列设置" open={open ? false : undefined}>
        <Button icon={<SettingOutlined />} aria-label="列设置" />
      </Tooltip>
    </Popover>
  );
}
