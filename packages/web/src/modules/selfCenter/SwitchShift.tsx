import { Alert, Button, Card, Form } from 'antd';
import { CurrentPost, SwitchForm, useSwitch } from '../../shell/SwitchDialogs.tsx';

/** /self-center/switch-shift: the header's 切换班次 as a page, sharing its form and call. */
export default function SwitchShift() {
  const state = useSwitch('shift');
  return (
    <Card variant="borderless" title="切换班次">
      <div style={{ maxWidth: 460 }}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24 }}
          title="当前岗位"
          description={<CurrentPost />}
        />
        <SwitchForm kind="shift" state={state}>
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" loading={state.saving}>
              确定
            </Button>
          </Form.Item>
        </SwitchForm>
      </div>
    </Card>
  );
}
