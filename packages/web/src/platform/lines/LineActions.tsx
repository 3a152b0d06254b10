import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';

const ICON = { type: 'text', size: 'small' } as const;

/** 上移 / 下移 / 复制 / 移除 of one line (the keyboard's Alt+↑ / Alt+↓ move it too). */
export function LineActions({
  index,
  count,
  reorder,
  onMove,
  onCopy,
  onRemove,
}: {
  index: number;
  count: number;
  reorder: boolean;
  onMove(from: number, to: number): void;
  onCopy(): void;
  onRemove(): void;
}) {
  return (
    <Space size={0}>
      {reorder && (
        <>
          <Tooltip title="上移">
            <Button
              {...ICON}
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
              aria-label="上移"
            />
          </Tooltip>
          <Tooltip title="下移">
            <Button
              {...ICON}
              icon={<ArrowDownOutlined />}
              disabled={index === count - 1}
              onClick={() => onMove(index, index + 1)}
              aria-label="下移"
            />
          </Tooltip>
        </>
      )}
      <Tooltip title="复制">
        <Button {...ICON} icon={<CopyOutlined />} onClick={onCopy} aria-label="复制" />
      </Tooltip>
      <Tooltip title="移除">
        <Button {...ICON} danger icon={<DeleteOutlined />} onClick={onRemove} aria-label="移除" />
      </Tooltip>
    </Space>
  );
}
