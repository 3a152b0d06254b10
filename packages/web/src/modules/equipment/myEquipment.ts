import { myEquipmentApi } from '@factory/shared/api/equipment';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { equipmentEntity } from '@factory/shared/entities/equipment';
import type { RowOf } from '@factory/shared/entities/schema';
import { useQuery } from '@tanstack/react-query';
import { client } from '../../platform/call.ts';

/** The register's standard calls. */
export const EQUIPMENT = entityEndpoints(equipmentEntity);

/** My equipment's calls: one's own list and switch, and a user's list for 设置设备. */
export const myEquipment = client(myEquipmentApi);

/** A register row as the equipment calls answer it. */
export type Equipment = RowOf<typeof equipmentEntity>;

/** The signed-in user's 仅显示我的设备 (the register list honours it on the server). */
export function useShowMineOnly() {
  return useQuery({
    queryKey: [myEquipmentApi.showMineOnly.path],
    queryFn: ({ signal }) => myEquipment.showMineOnly({ signal }),
    staleTime: 0,
  });
}
