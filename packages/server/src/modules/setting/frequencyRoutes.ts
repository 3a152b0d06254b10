import { frequencyEntity, SHIFT_SAME_TIME } from '@factory/shared/entities/setting';
import { crud } from '../../platform/crud.ts';
import { frequencies, users } from './schema.ts';

/**
 * Shift frequencies (spec 001 §7.5, setting → shift): the generic calls of the declaration. A shift
 * someone is on cannot be deleted (they would lose it at the next login); disabling it only stops
 * it being offered.
 */
export const frequency = crud({
  entity: frequencyEntity,
  table: frequencies,
  usedBy: [{ column: users.frequencyId, label: '用户', names: users.name }],
  hooks: {
    checkRow: (row) =>
      row.startTime && row.startTime === row.endTime ? [{ field: 'endTime', message: SHIFT_SAME_TIME }] : [],
  },
});

export const frequencyRoutes = frequency.routes;
