import { workCalendarKind } from '../enums/types.ts';
import { defineEntity } from './define.ts';
import { createdAtField, idField, remarkField } from './information.ts';

/**
 * The work calendar (工作日历, plans-settings → work-calendar): the days the factory, or one line,
 * does not work its shifts, and the days it works though the factory rests (docs/scheduling.md).
 */
export const workCalendarEntity = defineEntity({
  name: 'workCalendar',
  label: '工作日历',
  route: 'workCalendar',
  defaultOrder: '-day',
  api: { base: 'production/kiki/private/workCalendar/', name: 'WorkCalendar' },
  fields: {
    id: idField,
    day: {
      label: '日期',
      type: 'date',
      required: true,
      filter: ['between'],
      sort: true,
      import: true,
      width: 130,
    },
    kind: {
      label: '类型',
      type: 'enum',
      enum: workCalendarKind,
      required: true,
      filter: ['eq'],
      sort: true,
      import: true,
      width: 90,
    },
    areaName: {
      label: '产线',
      type: 'string',
      ref: { entity: 'area', by: 'name', idField: 'areaId' },
      filter: ['like'],
      sort: true,
      import: true,
      placeholder: '留空则适用于全厂',
      width: 160,
    },
    remark: { ...remarkField, import: true },
    createdAt: createdAtField,
  },
});
