import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';

/** 上移 / 下移 / 移除 of one row of an ordered list edited in a form (BOM lines, flow steps). */
export function RowOrderActions({
  index,
  count,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  onMove(from: number, to: number): void;
  onRemove(): void;
}) {
  return (
    <Space size={0}>
      <Tooltip title="上移">
        <Button
          type="text"
          size="small"
          icon={<ArrowUpOutlined />}
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
          aria-label="上移"
        />
      </Tooltip>
      <Tooltip title="下移">
        <Button
          type="text"
          size="small"
          icon={<ArrowDownOutlined />}
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1)}
          aria-label="下移"
        />
      </Tooltip>
      <Tooltip title="移除">
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={onRemove}
          aria-label="移除"
        />
      </Tooltip>
    </Space>
  );
}
