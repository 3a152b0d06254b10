import type { TestProject } from 'vitest/node';
import { type ApiNode, startNode } from '../packages/server/src/testing/nodes.ts';

/**
 * Starts the product exactly as `npm start` does (web built if stale, embedded database, demo data
 * written on first start) on a free port with a fresh data directory, for the browser tests.
 */
let node: ApiNode | undefined;

export async function setup(project: TestProject): Promise<void> {
  node = await startNode(
    { DEMO: '1', LOG_LEVEL: 'warn' },
    { entry: ['scripts/start.mjs'], timeoutMs: 600_000 },
  );
  project.provide('baseURL', node.origin);
}

export async function teardown(): Promise<void> {
  await node?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}
