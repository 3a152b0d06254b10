import { Button, Card, Flex, Space } from 'antd';

/** The 重置 / 保存 bar under a settings form, kept in view at the bottom while the form scrolls. */
export function FormSaveBar({ saving, onReset }: { saving: boolean; onReset: () => void }) {
  return (
    <Card
      variant="borderless"
      styles={{ body: { padding: '12px 24px' } }}
      style={{ position: 'sticky', bottom: 0, zIndex: 2, boxShadow: '0 -2px 8px rgba(16,24,40,0.06)' }}
    >
      <Flex justify="flex-end">
        <Space>
          <Button onClick={onReset} disabled={saving}>
            重置
          </Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
        </Space>
      </Flex>
    </Card>
  );
}
