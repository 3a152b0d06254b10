import { Button, Card, Flex, Space } from 'antd';
import { type EntityFormProps, useEntityForm } from './EntityFormModal.tsx';

/**
 * The entity form as a page of its own (a route such as message-notificate-add): the same form
 * as the dialog, then 取消 and 保存 under it.
 */
export function EntityFormPage({ onCancel, ...props }: Omit<EntityFormProps, 'open'> & { onCancel(): void }) {
  const { title, body, submit, saving } = useEntityForm({ ...props, open: true });
  return (
    <Card title={title} variant="borderless">
      <div style={{ maxWidth: 880 }}>{body}</div>
      <Flex justify="flex-end" style={{ maxWidth: 880, marginTop: 8 }}>
        <Space>
          <Button onClick={onCancel} disabled={saving}>
            取消
          </Button>
          <Button type="primary" loading={saving} onClick={submit}>
            保存
          </Button>
        </Space>
      </Flex>
    </Card>
  );
}
