import { workCalendarEntity } from '@factory/shared/entities/workCalendar';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

/**
 * /plans/plans-settings/work-calendar: the holidays of the factory or of one line, and the days
 * worked though the factory rests; 排产 plans the shifts around them.
 */
export default function WorkCalendarList() {
  return <CrudPage entity={workCalendarEntity} />;
}
