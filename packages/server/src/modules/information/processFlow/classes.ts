import { processFlowClassEntity } from '@factory/shared/entities/processFlow';
import { sql } from 'drizzle-orm';
import { crud, qualified } from '../../../platform/crud.ts';
import { processFlowClasses, processFlows } from '../schema.ts';

/** 工艺路线分类: the standard calls, each class with its number of flows; a class in use stays. */
export const processFlowClass = crud({
  entity: processFlowClassEntity,
  table: processFlowClasses,
  columns: {
    flowCount: sql<number>`(select count(*) from process_flow f where f.class_id = ${qualified(processFlowClasses.id)})::int`,
  },
  usedBy: [{ column: processFlows.classId, label: '工艺路线', names: processFlows.name }],
});
