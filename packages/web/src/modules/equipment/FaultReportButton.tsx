import { ToolOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { usePermission } from '../../platform/usePermission.ts';
import { FaultReportModal } from './FaultReportModal.tsx';

/** The station terminal's 报修: a large button opening the fault report form, for who may report faults. */
export default function FaultReportButton() {
  const can = usePermission();
  const [open, setOpen] = useState(false);
  if (!can('equipmentFaultList', 'Add')) return null;
  return (
    <>
      <Button
        size="large"
        icon={<ToolOutlined />}
        style={{ height: 52, minWidth: 112, fontSize: 18 }}
        onClick={() => setOpen(true)}
      >
        报修
      </Button>
      <FaultReportModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
