import type { BodyOf, Endpoint, EndpointGroup, QueryOf, ResultOf } from '@factory/shared/api/contract';
import { type RequestOptions, request } from './request.ts';

type Options = Omit<RequestOptions, 'query' | 'body'>;

/**
 * What a call of an endpoint takes: its query, or its body, or both as `{ query, body }` when it
 * declares both, or nothing; options (keep, signal) after it.
 */
export type Input<E extends Endpoint> =
  QueryOf<E> extends undefined
    ? BodyOf<E> extends undefined
      ? [options?: Options]
      : [body: BodyOf<E>, options?: Options]
    : BodyOf<E> extends undefined
      ? [query: QueryOf<E>, options?: Options]
      : [input: { query: QueryOf<E>; body: BodyOf<E> }, options?: Options];

/** Calls one declared endpoint: its method and path, typed input and answer (no path spelled here). */
export function call<E extends Endpoint>(e: E, ...args: Input<E>): Promise<ResultOf<E>> {
  // an endpoint that takes nothing may still take options (keep, signal)
  const none = e.query === undefined && e.body === undefined;
  const [input, options] = (none ? [undefined, ...args] : args) as [unknown, Options | undefined];
  const both = e.query !== undefined && e.body !== undefined;
  const parts = both
    ? (input as { query: RequestOptions['query']; body: unknown })
    : e.query !== undefined
      ? { query: input as RequestOptions['query'], body: undefined }
      : { query: undefined, body: input };
  return request<ResultOf<E>>(e.method, e.path, { ...options, ...parts });
}

export type Client<G extends EndpointGroup> = {
  [K in keyof G]: (...args: Input<G[K]>) => Promise<ResultOf<G[K]>>;
};

/** A module's endpoints as typed functions (`client(changelogApi).list()`); built once per module. */
export function client<G extends EndpointGroup>(group: G): Client<G> {
  return Object.fromEntries(
    Object.entries(group).map(([name, e]) => [name, (...args: Input<typeof e>) => call(e, ...args)]),
  ) as unknown as Client<G>;
}
