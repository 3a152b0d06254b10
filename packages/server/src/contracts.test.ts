import fs from 'node:fs';
import path from 'node:path';
import type { Endpoint } from '@factory/shared/api/contract';
import type { EntityDecl } from '@factory/shared/entities/define';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import type { MachineDecl } from '@factory/shared/machines/define';
import { machineEndpoints } from '@factory/shared/machines/endpoints';
import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from './modules/index.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/src');

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v && 'summary' in v;
const isEntity = (v: unknown): v is EntityDecl =>
  typeof v === 'object' && v !== null && 'fields' in v && 'route' in v && 'defaultOrder' in v;

/** Every export of the shared files in `dir`. */
async function exportsOf(dir: string): Promise<unknown[]> {
  const files = fs
    .readdirSync(path.join(SHARED, dir))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const modules = await Promise.all(files.map((f) => import(path.join(SHARED, dir, f))));
  return modules.flatMap((m) => Object.values(m as Record<string, unknown>));
}

/** Every endpoint of the groups in `shared/src/api/*.ts`. */
async function apiEndpoints(): Promise<Set<Endpoint>> {
  const found = new Set<Endpoint>();
  for (const value of await exportsOf('api')) {
    if (typeof value !== 'object' || value === null || isEndpoint(value)) continue;
    for (const e of Object.values(value)) if (isEndpoint(e)) found.add(e);
  }
  return found;
}

/** The standard endpoints of every declared entity with an api (entityEndpoints). */
async function entityCalls(): Promise<Set<Endpoint>> {
  const found = new Set<Endpoint>();
  for (const value of await exportsOf('entities'))
    if (isEntity(value) && value.api)
      for (const e of Object.values(entityEndpoints(value))) if (e) found.add(e);
  return found;
}

const isMachine = (v: unknown): v is MachineDecl =>
  typeof v === 'object' && v !== null && 'states' in v && 'actions' in v && 'numberField' in v;

/** The calls of every declared machine (machineEndpoints): its plain actions and its trail. */
async function machineCalls(): Promise<Set<Endpoint>> {
  const found = new Set<Endpoint>();
  for (const value of await exportsOf('machines'))
    if (isMachine(value)) {
      const { actions, log } = machineEndpoints(value);
      for (const e of [...Object.values<Endpoint>(actions), log]) found.add(e);
    }
  return found;
}

describe('endpoint contracts: declared once in shared, served as declared', () => {
  /**
   * The contract: every endpoint of the api groups, and the standard entity endpoints that are
   * served (crud serves an entity's whole set; a module whose calls differ, such as the users'
   * or the BOM's, declares its own in the api groups instead).
   */
  let declared: Set<Endpoint>;
  let api: Set<Endpoint>;
  beforeAll(async () => {
    api = new Set([...(await apiEndpoints()), ...(await machineCalls())]);
    const standard = await entityCalls();
    const served = new Set(allRoutes.map((r) => r.endpoint));
    declared = new Set([...api, ...[...standard].filter((e) => served.has(e))]);
  });

  it('every registered route serves an endpoint that shared declares (its method, path, access and schemas are that object)', () => {
    const undeclared = allRoutes.filter((r) => !declared.has(r.endpoint)).map((r) => r.endpoint.path);
    expect(undeclared).toEqual([]);
  });

  it('every endpoint of the api groups is served, and every declared endpoint only once', () => {
    const served = new Map<Endpoint, number>();
    for (const r of allRoutes) served.set(r.endpoint, (served.get(r.endpoint) ?? 0) + 1);
    const wrong = [...declared].filter((e) => served.get(e) !== 1).map((e) => `${e.method} ${e.path}`);
    expect(wrong).toEqual([]);
    expect([...api].filter((e) => !served.has(e))).toEqual([]);
  });

  it('no two declarations name the same call', () => {
    const calls = [...declared].map((e) => `${e.method} ${e.path}`);
    expect(calls.filter((c, i) => calls.indexOf(c) !== i)).toEqual([]);
  });
});
