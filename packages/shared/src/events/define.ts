import type { Static, TObject } from 'typebox';

/**
 * Where an event's subscribers run: `tenant` — in the event's tenant transaction, under row-level
 * security like a request of that tenant; `system` — in an owner transaction, for the provider's
 * events that concern every tenant (a product update notifies all of them).
 */
export type EventScope = 'tenant' | 'system';

export interface EventDecl<P extends TObject = TObject> {
  /** Chinese name, for logs and the failure list. */
  label: string;
  scope: EventScope;
  payload: P;
}

/** Declares a catalogue of events, keeping each entry's payload schema as its static type. */
export const defineEvents = <const T extends Record<string, EventDecl>>(events: T): T => events;

export type PayloadOf<D> = D extends EventDecl<infer P> ? Static<P> : never;
