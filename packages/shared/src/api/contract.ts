import type { Static, TSchema } from 'typebox';
import type { TenantFlag } from '../tenantFlags.ts';

/**
 * Who may call an endpoint, declared with it; the server's one guard enforces it.
 * - public: no token.
 * - session: any signed-in user.
 * - keys: any one of these permission keys (`<routeName><Action>`); admin bypasses.
 * - provider: additionally only users of the provider's own tenant.
 * - flag: additionally only tenants with this flag (a tenant variation; a hidden button is no refusal).
 * - whilePasswordPending: open to a user who must first replace the password an administrator set
 *   (user info, the password change, logout); every other call refuses them.
 */
export type Access =
  | { public: true }
  | { session: true; provider?: boolean; whilePasswordPending?: boolean }
  | { keys: readonly string[]; provider?: boolean; flag?: TenantFlag };

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint, declared once: the server registers its handler against it, the web calls it
 * through the client built from it, and OpenAPI is generated from it.
 */
export interface Endpoint {
  method: Method;
  /** Path under /api/web/v1/, exactly as the spec names it. */
  path: string;
  /** What it does, in Chinese (the API index and OpenAPI show it). */
  summary: string;
  access: Access;
  query?: TSchema;
  body?: TSchema;
  /** Schema of the envelope's `result`; the server serialises only what it declares. */
  result?: TSchema;
  /** The body is multipart (an upload, an import file), read by the handler. */
  multipart?: boolean;
}

/** Declares an endpoint, keeping the exact types of its schemas for the handler and the client. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

export type QueryOf<E extends Endpoint> = E extends { query: infer S extends TSchema }
  ? Static<S>
  : undefined;
export type BodyOf<E extends Endpoint> = E extends { body: infer S extends TSchema } ? Static<S> : undefined;
/** What a call answers (the envelope's result); unknown where the endpoint declares none. */
export type ResultOf<E extends Endpoint> = E extends { result: infer S extends TSchema }
  ? Static<S>
  : unknown;

/** A module's endpoints by name: `changelogApi.list`, `changelogApi.add` … */
export type EndpointGroup = Readonly<Record<string, Endpoint>>;
