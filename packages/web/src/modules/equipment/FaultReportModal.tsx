import { equipmentFaultEntity } from '@factory/shared/entities/equipmentRepair';
import { App } from 'antd';
import { EntityFormModal } from '../../platform/crud/EntityFormModal.tsx';

/**
 * 报修 from where a fault is seen (the register, a machine's page, the station terminal): the fault
 * report's form with the fault time now and the machine chosen when it is known; the report waits
 * for audit as one filed on the fault list does.
 */
export function FaultReportModal({
  open,
  machine,
  onClose,
}: {
  open: boolean;
  machine?: { id: number; name?: string | null };
  onClose(): void;
}) {
  const { message } = App.useApp();
  return (
    <EntityFormModal
      entity={equipmentFaultEntity}
      open={open}
      mode="add"
      initialValues={
        machine && {
          equipmentId: machine.id,
          equipmentName: machine.name ?? '',
          faultTime: new Date().toISOString(),
        }
      }
      onSaved={(row) => {
        message.info(`已报修，维修单号 ${String(row.code ?? '')}，设备管理员会收到通知`);
        onClose();
      }}
      onClose={onClose}
    />
  );
}
