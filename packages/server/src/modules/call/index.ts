import { equipmentEntity } from '@factory/shared/entities/equipment';
import { areaEntity, stationEntity } from '@factory/shared/entities/information';
import type { ModuleFace } from '../../platform/module.ts';
import { callRoutes } from './calls.ts';
import { callType } from './callTypes.ts';
import { CALL_ESCALATION_CRON, CALL_ESCALATION_JOB, sweepEscalations } from './escalation.ts';
import { calls } from './schema.ts';

/**
 * The call system (呼叫, andon; DOMAIN "Call system"): call types saying who is called, calls made
 * from a station terminal, pushed live to the receivers through the notifications, escalated by a
 * sweep every minute while nobody responds, responded, closed with a result (an equipment call
 * filing a fault report) or cancelled. docs/call.md.
 */
export const callModule: ModuleFace = {
  name: 'call',
  routes: [...callType.routes, ...callRoutes],
  async start(_app, services) {
    await services.jobs.schedule(CALL_ESCALATION_JOB, CALL_ESCALATION_CRON, () => sweepEscalations(services));
    return undefined;
  },
  references: [
    { target: stationEntity, column: calls.stationId, label: '呼叫', names: calls.code },
    { target: areaEntity, column: calls.areaId, label: '呼叫', names: calls.code },
    { target: equipmentEntity, column: calls.equipmentId, label: '呼叫', names: calls.code },
  ],
};

export { call, callActions, closeCall, makeCall, type NewCall, type Notices, respondCall } from './calls.ts';
export { callType, receiversOf } from './callTypes.ts';
export { escalateCalls } from './escalation.ts';
export * from './schema.ts';
