import type { FastifyInstance } from 'fastify';
import type { Tx } from './db.ts';
import type { Ports, TenantSeed } from './ports.ts';
import { type Reference, registerReferences } from './references.ts';
import { type RouteDef, registerRoutes } from './route.ts';
import type { Services } from './services.ts';

/**
 * A business module as the rest of the server sees it: the one thing its `index.ts` exports
 * besides the service functions other modules may call. The app installs the faces listed in
 * `modules/index.ts`; the platform never imports a module, it only runs what faces hand it.
 */
export interface ModuleFace {
  /** The module's name in the route tree (setting, information, equipment …). */
  name: string;
  routes: readonly RouteDef[];
  /** Rows every new tenant starts with, written in the tenant's creating transaction. */
  seedTenant?(tx: Tx, tenant: TenantSeed): Promise<void>;
  /**
   * Records of other entities this module's rows point at; deleting one of those is refused while
   * such a row exists, naming it. Declared by the module that holds the pointer.
   */
  references?: readonly Reference[];
  /** The platform's ports this module fills (setting: the user accounts). */
  provides?: Partial<Ports>;
  /** What runs beside the routes (sockets, workers); the returned function stops it on close. */
  start?(app: FastifyInstance, services: Services): Promise<(() => Promise<void>) | undefined>;
}

/** What the faces give the services: the filled ports and the tenant seeders, in module order. */
export function moduleServices(faces: readonly ModuleFace[]): Pick<Services, 'ports' | 'seeders'> {
  const ports: Partial<Ports> = Object.assign({}, ...faces.map((f) => f.provides ?? {}));
  if (!ports.accounts) throw new Error('no module provides the user accounts port');
  return {
    ports: ports as Ports,
    seeders: faces.flatMap((f) => (f.seedTenant ? [f.seedTenant.bind(f)] : [])),
  };
}

/**
 * Installs the faces on an app in their order: references, what each starts (before any route,
 * so a module can add parsers), then the routes. Answers the stops, for the app's close.
 */
export async function installModules(
  app: FastifyInstance,
  services: Services,
  faces: readonly ModuleFace[],
  platformRoutes: readonly RouteDef[],
): Promise<(() => Promise<void>)[]> {
  const stops: (() => Promise<void>)[] = [];
  for (const face of faces) {
    registerReferences(face.name, face.references ?? []);
    const stop = await face.start?.(app, services);
    if (stop) stops.push(stop);
  }
  registerRoutes(app, services, [...platformRoutes, ...faces.flatMap((f) => f.routes)]);
  return stops;
}
