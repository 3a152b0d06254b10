import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../platform/db.ts';

/**
 * Template databases for the server tests. Creating a database and running every migration cost
 * each test file seconds (PGlite's initdb, then the migrations; on PostgreSQL the migrations), and
 * seeding the demo tens of seconds. The server projects' global setup (testing/globalSetup.ts)
 * therefore builds them once per run and a test file copies one:
 *
 * - PGlite: the data directory of an instance just created (`empty`), migrated (`migrated`), and
 *   migrated with the demo seeded (`demo`), each dumped to a tarball a test loads in well under a second;
 * - PostgreSQL: databases migrated, and migrated with the demo, that a test file's database is
 *   created from (`create database … template …`), without the migrations.
 *
 * The demo template is written by a process of its own (testing/demoTemplate.ts) while the first
 * test files run; a test that asks for it waits until it is there. Without the global setup (a
 * script, a benchmark) nothing of this is set and the harness migrates and seeds as before.
 */

/** Environment variables the global setup sets: the directory each kind of template is in. */
export const PGLITE_TEMPLATES = 'FACTORY_TEST_PGLITE_TEMPLATES';
export const PG_TEMPLATES = 'FACTORY_TEST_PG_TEMPLATES';

export type TemplateKind = 'empty' | 'migrated' | 'demo';

/** The PostgreSQL databases of one run, in `templates.json` of the PG_TEMPLATES directory. */
export interface PgTemplates {
  migrated: string;
  demo: string;
}

export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The URL of another database on the test server. */
export const pgUrl = (database: string) => TEST_PG_URL.replace(/\/[^/?]+(\?|$)/, `/${database}$1`);

/** Runs statements on the test server's maintenance database (`create database` and the like). */
export async function pgAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** How long a test waits for the demo template; its own hook timeout is what it can afford. */
const DEMO_WAIT_MS = 600_000;

/**
 * Waits for `file` in dir; `demo.error` there (the demo template could not be written) is thrown.
 * Answers undefined when the run writes no demo template (`demo.absent`: no file of it asked for one).
 */
export async function waitForFile(
  dir: string,
  file: string,
  timeoutMs = DEMO_WAIT_MS,
): Promise<string | undefined> {
  const target = path.join(dir, file);
  const failure = path.join(dir, 'demo.error');
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (fs.existsSync(target)) return target;
    if (fs.existsSync(path.join(dir, 'demo.absent'))) return undefined;
    if (fs.existsSync(failure))
      throw new Error(`the demo template was not written:\n${fs.readFileSync(failure, 'utf8')}`);
    if (Date.now() > until) throw new Error(`no ${target} after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The tarball of a PGlite template, once it is there; undefined when no global setup made it. */
async function pgliteTemplate(kind: TemplateKind): Promise<Blob | undefined> {
  const dir = process.env[PGLITE_TEMPLATES];
  if (!dir) return undefined;
  const file = await waitForFile(dir, `${kind}.tar`);
  return file ? new Blob([fs.readFileSync(file)]) : undefined;
}

/** The PostgreSQL template database of a kind ('empty': none, the server's own template1). */
async function pgTemplate(kind: TemplateKind): Promise<string | undefined> {
  const dir = process.env[PG_TEMPLATES];
  if (!dir || kind === 'empty') return undefined;
  const names = JSON.parse(fs.readFileSync(path.join(dir, 'templates.json'), 'utf8')) as PgTemplates;
  // no demo template in this run: the migrated one, which the harness seeds
  if (kind === 'demo' && !(await waitForFile(dir, 'demo.ready'))) return names.migrated;
  return names[kind];
}

/** Whether a template of this kind will be there for this process to copy. */
export function hasTemplates(onPostgres: boolean): boolean {
  return Boolean(process.env[onPostgres ? PG_TEMPLATES : PGLITE_TEMPLATES]);
}

/**
 * An in-memory PGlite loaded from the template of `kind`; undefined without templates. The
 * instance is answered too, for the demo builder that dumps it again.
 */
export async function pgliteFromTemplate(
  kind: TemplateKind,
): Promise<{ db: Database; pglite: PGlite; kind: TemplateKind } | undefined> {
  const data = await pgliteTemplate(kind);
  if (!data) return undefined;
  const pglite = await PGlite.create({ loadDataDir: data });
  return { db: await openDatabase({ pglite }), pglite, kind };
}

/**
 * Creates the database `name` on the test server, as a copy of the template of `kind`; answers
 * what it holds: 'empty' (no templates, or kind 'empty'), 'migrated' or 'demo'.
 */
export async function createPgDatabase(name: string, kind: TemplateKind): Promise<TemplateKind> {
  const template = await pgTemplate(kind);
  await pgAdmin((c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  if (!template) return 'empty';
  return template.endsWith('_demo') ? 'demo' : 'migrated';
}

/** A database name no other run uses: the process id keeps runs apart, the random part files. */
export const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
