import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db.ts';
import { takesDemo } from './demoFiles.ts';
import { stopProcess } from './nodes.ts';
import {
  PG_TEMPLATES,
  PGLITE_TEMPLATES,
  type PgTemplates,
  pgAdmin,
  pgUrl,
  TEST_PG_URL,
  uniqueName,
} from './templates.ts';

/**
 * Global setup of the server projects (vitest.config.ts): builds the run's template databases
 * (testing/templates.ts) before the first test file, and starts the process that writes the demo
 * template meanwhile. The directory named in the environment variable reaches every test worker.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');

async function dumpTo(pglite: PGlite, file: string): Promise<void> {
  const dump = await pglite.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

/**
 * Starts demoTemplate.ts, when a test file of the run takes the demo (the run's files, as Vitest
 * has listed them before its global setups; all of them when it cannot tell). Otherwise writes
 * `demo.absent`: a test asking for the demo after all gets it seeded by the harness. Should the
 * process end without writing the template, demo.error says so.
 */
function startDemoBuilder(
  project: TestProject,
  kind: 'pglite' | 'postgres',
  dir: string,
): ChildProcess | undefined {
  const paths = (project.vitest as { state?: { getPaths?(): string[] } }).state?.getPaths?.();
  if (paths && !paths.some(takesDemo)) {
    fs.writeFileSync(path.join(dir, 'demo.absent'), '');
    return undefined;
  }
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'demoTemplate.ts'), kind],
    { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.once('exit', (code, signal) => {
    const failure = path.join(dir, 'demo.error');
    if (code !== 0 && !fs.existsSync(failure) && fs.existsSync(dir))
      fs.writeFileSync(failure, `demoTemplate.ts ended with ${code ?? signal}:\n${output}`);
  });
  return child;
}

async function pgliteTemplates(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-pglite-templates-'));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const pglite = await PGlite.create();
    try {
      await dumpTo(pglite, path.join(dir, 'empty.tar'));
      await (await openDatabase({ pglite })).migrate();
      await dumpTo(pglite, path.join(dir, 'migrated.tar'));
    } finally {
      await pglite.close();
    }
  } catch (error) {
    removeDir();
    throw error;
  }
  process.env[PGLITE_TEMPLATES] = dir;
  const builder = startDemoBuilder(project, 'pglite', dir);
  return async () => {
    if (builder) await stopProcess(builder);
    removeDir();
  };
}

/** Template databases of runs that ended without their teardown (killed), on this machine's server. */
async function dropStaleTemplates(): Promise<void> {
  if (!/@(127\.0\.0\.1|localhost)[:/]/.test(TEST_PG_URL)) return;
  const rows = await pgAdmin(
    async (c) =>
      (
        await c.query<{ datname: string }>(
          `select datname from pg_database where datname ~ '^test_tmpl_\\d+_'`,
        )
      ).rows,
  );
  for (const { datname } of rows) {
    const pid = Number(datname.split('_')[2]);
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (!alive) await pgAdmin((c) => c.query(`drop database if exists ${datname} with (force)`));
  }
}

async function postgresTemplates(project: TestProject): Promise<() => Promise<void>> {
  await dropStaleTemplates();
  const migrated = uniqueName('test_tmpl');
  const names: PgTemplates = { migrated, demo: `${migrated}_demo` };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-pg-templates-'));
  const remove = async () => {
    for (const name of [names.demo, names.migrated])
      await pgAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await pgAdmin((c) => c.query(`create database ${migrated}`));
    const db = await openDatabase({ databaseUrl: pgUrl(migrated), poolSize: 2 });
    try {
      await db.migrate();
    } finally {
      // nobody may stay connected to a template
      await db.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
  fs.writeFileSync(path.join(dir, 'templates.json'), JSON.stringify(names));
  process.env[PG_TEMPLATES] = dir;
  const builder = startDemoBuilder(project, 'postgres', dir);
  return async () => {
    if (builder) await stopProcess(builder);
    await remove();
  };
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  return project.config.env?.TEST_DB === 'postgres' ? postgresTemplates(project) : pgliteTemplates(project);
}
