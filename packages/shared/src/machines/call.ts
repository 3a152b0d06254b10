import { callStatus } from '../enums/index.ts';
import { defineMachine } from './define.ts';

/** Call system calls live under call/private/ (the spec names none; docs/call.md). */
export const CALL_BASE = 'call/private/';

/**
 * A call (呼叫, DOMAIN "Call system"): made from a station (0 呼叫中), responded by a receiver of its
 * type (→ 1), closed with what was done (→ 2; an equipment call whose type makes repair orders
 * files a fault report), or cancelled by its caller while nobody has responded (→ 9).
 * Respond and close have their own calls: a receiver of the type may take them without the key,
 * and closing carries the result. Cancel is the caller's (their terminal's key or the add key),
 * or a holder of the cancel key's (the server's guard).
 */
export const callMachine = defineMachine({
  name: 'call',
  label: '呼叫',
  route: 'callSearch',
  numberField: 'callNumber',
  base: `${CALL_BASE}call/`,
  states: { status: { label: '呼叫状态', enum: callStatus } },
  actions: {
    respond: { label: '响应', button: 'Respond', when: { status: [0] }, set: { status: 1 }, own: true },
    close: { label: '关闭', button: 'Finish', when: { status: [1] }, set: { status: 2 }, own: true },
    cancel: {
      label: '取消',
      button: 'Cancel',
      when: { status: [0] },
      set: { status: 9 },
      alsoKeys: ['stationScheduling', 'callSearchAdd'],
      confirm: '确定取消该呼叫吗？',
      danger: true,
    },
  },
  // the escalation job's entries: the call stays 呼叫中, further people are called
  notes: { escalate: '升级' },
});
