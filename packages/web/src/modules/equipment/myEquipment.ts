import { myEquipmentPaths as P } from '@factory/shared/api/equipment';
import { entityPaths } from '@factory/shared/entities/define';
import { equipmentEntity } from '@factory/shared/entities/equipment';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/request.ts';

export const EQUIPMENT = entityPaths(equipmentEntity);

/** A register row as the equipment calls answer it. */
export type Equipment = {
  id: number;
  code: string;
  name: string;
  className: string | null;
  kind: number;
  model: string | null;
  location: string | null;
  state: number;
  isEnabled: number;
  holderNames: string | null;
  custom?: Record<string, unknown>;
} & Record<string, unknown>;

/** The signed-in user's 仅显示我的设备 (the register list honours it on the server). */
export function useShowMineOnly() {
  return useQuery({
    queryKey: [P.showMineOnly],
    queryFn: ({ signal }) => api.get<boolean>(P.showMineOnly, undefined, { signal }),
    staleTime: 0,
  });
}
