import { equipmentFaultEntity } from '@factory/shared/entities/equipmentRepair';
import { App } from 'antd';
import { EntityFormModal } from '../../platform/crud/EntityFormModal.tsx';

/**
 * 报修 of one machine from where it is seen (the register, a machine's page): the fault report's
 * form with the machine chosen and the fault time now; the report waits for audit as one filed on
 * the fault list does.
 */
export function FaultReportModal({
  machine,
  onClose,
}: {
  machine: { id: number; name?: string | null } | undefined;
  onClose(): void;
}) {
  const { message } = App.useApp();
  return (
    <EntityFormModal
      entity={equipmentFaultEntity}
      open={machine !== undefined}
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
