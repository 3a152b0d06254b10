import { faultReasonEntity } from '@factory/shared/entities/equipmentRepair';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

/** /equipment/equipment-setting/maintenance-setting: the fault reasons repairs are finished with. */
export default function MaintenanceSetting() {
  return <CrudPage entity={faultReasonEntity} title="故障原因" />;
}
