import { workCalendarEntity } from '@factory/shared/entities/workCalendar';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { crud } from '../../../platform/crud.ts';
import { fieldError } from '../../../platform/errors.ts';
import { areas, workCalendarDays } from '../../information/index.ts';

/** 工作日历: one entry per day for the factory, and one per day for each line. */
export const workCalendar = crud({
  entity: workCalendarEntity,
  table: workCalendarDays,
  refs: { areaName: { id: areas.id, name: areas.name, code: areas.code } },
  hooks: {
    async validate(tx, values, id) {
      const stored =
        id === null
          ? undefined
          : (await tx.select().from(workCalendarDays).where(eq(workCalendarDays.id, id)))[0];
      const day = String(values.day ?? stored?.day);
      const areaId = (values.areaId === undefined ? stored?.areaId : values.areaId) as
        | number
        | null
        | undefined;
      const [same] = await tx
        .select({ id: workCalendarDays.id })
        .from(workCalendarDays)
        .where(
          and(
            eq(workCalendarDays.day, day),
            areaId ? eq(workCalendarDays.areaId, areaId) : isNull(workCalendarDays.areaId),
            id === null ? undefined : ne(workCalendarDays.id, id),
          ),
        )
        .limit(1);
      if (same) throw fieldError('day', areaId ? `该产线${day}已在日历中` : `全厂${day}已在日历中`);
    },
  },
});
