import { PhoneOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { CallDialog } from './CallDialog.tsx';

/** The station terminal's 呼叫 (andon): a large button opening the call dialog for its station. */
export default function CallButton({ stationId }: { stationId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="large"
        danger
        icon={<PhoneOutlined />}
        style={{ height: 52, minWidth: 112, fontSize: 18 }}
        onClick={() => setOpen(true)}
      >
        呼叫
      </Button>
      <CallDialog open={open} stationId={stationId} onClose={() => setOpen(false)} />
    </>
  );
}
