import fs from 'node:fs';
import path from 'node:path';
import { seedDemo } from '../demo/generate.ts';
import { openDatabase } from '../platform/db.ts';
import { createHarness } from './harness.ts';
import {
  PG_TEMPLATES,
  PGLITE_TEMPLATES,
  type PgTemplates,
  pgAdmin,
  pgliteFromTemplate,
  pgUrl,
} from './templates.ts';

/**
 * Writes the demo template of a test run (testing/templates.ts), as a process of its own that the
 * global setup starts: `node --import tsx demoTemplate.ts pglite|postgres`. The demo is written
 * exactly as a test wrote it before: a harness on a migrated database, then seedDemo (real
 * password hashes: a test signs in as the demo admin). When it fails, `demo.error` says why.
 */
const kind = process.argv[2];

async function pglite(dir: string): Promise<void> {
  const copy = await pgliteFromTemplate('migrated');
  if (!copy) throw new Error(`${PGLITE_TEMPLATES} is not set`);
  const h = await createHarness({ db: copy.db });
  await seedDemo(h.services);
  await h.app.close();
  const dump = await copy.pglite.dumpDataDir('none');
  const part = path.join(dir, 'demo.tar.part');
  fs.writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(part, path.join(dir, 'demo.tar'));
  await h.close();
}

async function postgres(dir: string): Promise<void> {
  const names = JSON.parse(fs.readFileSync(path.join(dir, 'templates.json'), 'utf8')) as PgTemplates;
  await pgAdmin((c) => c.query(`create database ${names.demo} template ${names.migrated}`));
  const db = await openDatabase({ databaseUrl: pgUrl(names.demo), poolSize: 10 });
  const h = await createHarness({ db });
  await seedDemo(h.services);
  // closes the pool too: a database is copied only while nobody is connected to it
  await h.close();
  fs.writeFileSync(path.join(dir, 'demo.ready'), '');
}

const dir = process.env[kind === 'postgres' ? PG_TEMPLATES : PGLITE_TEMPLATES];
try {
  if (!dir)
    throw new Error(
      `usage: ${PGLITE_TEMPLATES} or ${PG_TEMPLATES} set, then demoTemplate.ts pglite|postgres`,
    );
  await (kind === 'postgres' ? postgres(dir) : pglite(dir));
  process.exit(0);
} catch (error) {
  if (dir) fs.writeFileSync(path.join(dir, 'demo.error'), String((error as Error).stack ?? error));
  console.error(error);
  process.exit(1);
}
