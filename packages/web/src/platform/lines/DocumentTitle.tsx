import { Space, Typography } from 'antd';

/** A document form's title: 新增… for a new one, 编辑… with its number for one being edited. */
export function DocumentTitle({ label, code }: { label: string; code?: string | null }) {
  if (code === undefined) return `新增${label}`;
  return (
    <Space size={8}>
      {`编辑${label}`}
      <Typography.Text type="secondary">{code}</Typography.Text>
    </Space>
  );
}
