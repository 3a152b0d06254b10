import { equipmentClassEntity } from '@factory/shared/entities/equipment';
import type { ModuleFace } from '../../platform/module.ts';
import { equipmentRoutes } from './routes.ts';
import { equipment } from './schema.ts';

/** Equipment: the register and My equipment (inspections, upkeep and repairs will join it). */
export const equipmentModule: ModuleFace = {
  name: 'equipment',
  routes: equipmentRoutes,
  references: [
    { target: equipmentClassEntity, column: equipment.classId, label: '设备', names: equipment.name },
  ],
};

export { addUserEquipment, equipmentCrud } from './routes.ts';
export { equipment, userEquipment } from './schema.ts';
