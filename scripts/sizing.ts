/**
 * Sizing figures for docs/operations.md ("Beyond one PostgreSQL server"): writes the demo into a
 * throwaway database on a real PostgreSQL, takes its largest tenant as "one tenant", and prints a
 * markdown table of that tenant's rows and bytes per table, times 100, 1 000 and 10 000 tenants.
 *
 * Bytes are measured, not guessed from a table of a few rows (whose 8 kB pages would dominate):
 * each table's rows of the tenant are copied K times, under K different tenant ids, into a
 * temporary table with the same columns and the same indexes (non-unique, without btree
 * deduplication, so copied keys cost what distinct keys would), created before the rows go in as
 * they are in use; bytes per tenant = its total size (heap, TOAST, indexes) / K.
 *
 * Run: `node --import tsx scripts/sizing.ts`. Env: SIZING_PG_URL (a server where the user may
 * create databases; default the local test server).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createBenchDatabase, DEFAULT_PG_URL } from '../bench/lib/pgdb.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { seedDemo } from '../packages/server/src/demo/generate.ts';

/** Copies per table: enough rows that page and tree overheads are those of a large table. */
const PROBE_ROWS = 50_000;
const TENANT_COUNTS = [100, 1_000, 10_000];
/** Tables under this share of a tenant's bytes are folded into one "other" line. */
const FOLD_SHARE = 0.01;

interface Figures {
  rows: number;
  bytes: number;
}
interface TableFigure extends Figures {
  table: string;
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tenant with the most rows, and every tenant-owned table's count for it. */
async function largestTenant(c: pg.Client, tables: string[]) {
  const counts = new Map<number, Map<string, number>>();
  for (const t of tables) {
    const { rows } = await c.query<{ tenant_id: number; n: number }>(
      `select tenant_id, count(*)::int as n from ${q(t)} group by tenant_id`,
    );
    for (const r of rows) {
      const m = counts.get(r.tenant_id) ?? new Map<string, number>();
      m.set(t, r.n);
      counts.set(r.tenant_id, m);
    }
  }
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const [id, perTable] = [...counts].sort((a, b) => total(b[1]) - total(a[1]))[0];
  const { rows } = await c.query<{ member_code: string }>('select member_code from tenant where id = $1', [
    id,
  ]);
  return { id, memberCode: rows[0].member_code, perTable };
}

/** Bytes one tenant's rows of `table` take in a table holding many tenants (see the header). */
async function bytesPerTenant(c: pg.Client, table: string, tenantId: number, rows: number) {
  const copies = Math.max(1, Math.ceil(PROBE_ROWS / rows));
  await c.query(
    `create temp table sizing_probe (like ${q(table)} including defaults including storage including compression)`,
  );
  const { rows: indexes } = await c.query<{ def: string; am: string }>(
    `select pg_get_indexdef(i.indexrelid) as def, am.amname as am
     from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_am am on am.oid = ic.relam
     where i.indrelid = $1::regclass`,
    [table],
  );
  for (const { def, am } of indexes) {
    const body = def.replace(/^CREATE (UNIQUE )?INDEX \S+ ON (ONLY )?\S+ /, 'CREATE INDEX ON sizing_probe ');
    const where = body.indexOf(' WHERE ');
    const opts = am === 'btree' ? ' WITH (deduplicate_items = off)' : '';
    await c.query(where < 0 ? body + opts : body.slice(0, where) + opts + body.slice(where));
  }
  const { rows: cols } = await c.query<{ name: string }>(
    `select attname as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
    [table],
  );
  const names = cols.map((x) => q(x.name));
  const values = cols.map((x) => (x.name === 'tenant_id' ? 'g' : `t.${q(x.name)}`));
  await c.query(
    `insert into sizing_probe (${names.join(', ')})
     select ${values.join(', ')} from ${q(table)} t, generate_series(1, $2::int) g where t.tenant_id = $1`,
    [tenantId, copies],
  );
  const { rows: size } = await c.query<{ bytes: string }>(
    `select pg_total_relation_size('sizing_probe') as bytes`,
  );
  await c.query('drop table sizing_probe');
  return Number(size[0].bytes) / copies;
}

const thousands = (n: number) => n.toLocaleString('en').replaceAll(',', ' ');
const fmtRows = (n: number) =>
  n >= 1e6 ? `${(n / 1e6).toFixed(n >= 1e7 ? 0 : 1)} M` : thousands(Math.round(n));
function fmtBytes(n: number) {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n >= 100 || i === 0 ? Math.round(n) : n.toFixed(1)} ${units[i]}`;
}

const sum = (list: Figures[]) =>
  list.reduce((a, f) => ({ rows: a.rows + f.rows, bytes: a.bytes + f.bytes }), { rows: 0, bytes: 0 });

/** Prose at the docs' line width. */
const wrap = (text: string, width = 100) =>
  text
    .split(/ (?!(?:B|kB|MB|GB|TB|rows)\b)/) // a figure keeps its unit
    .reduce<string[]>((lines, word) => {
      const last = lines.at(-1);
      if (last !== undefined && last.length + 1 + word.length <= width)
        lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
      return lines;
    }, [])
    .join('\n');

/** The table, its columns padded as the markdown formatter (biome) lays them out, so it pastes as is. */
function markdown(figures: TableFigure[], memberCode: string): string {
  const total = sum(figures);
  const shown = figures.filter((f) => f.bytes >= total.bytes * FOLD_SHARE);
  const folded = figures.filter((f) => f.bytes < total.bytes * FOLD_SHARE);
  const cells = (name: string, f: Figures) => [
    name,
    fmtRows(f.rows),
    fmtBytes(f.bytes),
    ...TENANT_COUNTS.map((n) => `${fmtRows(f.rows * n)} / ${fmtBytes(f.bytes * n)}`),
  ];
  const rows = [
    [
      `table (tenant \`${memberCode}\`)`,
      'rows',
      'size',
      ...TENANT_COUNTS.map((n) => `× ${thousands(n)} tenants`),
    ],
    ...shown.map((f) => cells(`\`${f.table}\``, f)),
    ...(folded.length ? [cells(`${folded.length} other tables`, sum(folded))] : []),
    cells('**all tenant tables**', total),
  ];
  const widths = rows[0].map((_, i) => Math.max(3, ...rows.map((r) => r[i].length)));
  // the first column reads left to right, the figures are right-aligned
  const pad = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])));
  const rule = widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`));
  return [pad(rows[0]), rule, ...rows.slice(1).map(pad)].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

const serverUrl = process.env.SIZING_PG_URL ?? DEFAULT_PG_URL;
const database = await createBenchDatabase(serverUrl, 'sizing');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sizing-'));
const client = new pg.Client({ connectionString: database.url });
try {
  const built = await buildApp({
    config: { databaseUrl: database.url, poolSize: 4, demo: false, dataDir },
    logger: false,
  });
  try {
    await built.services.db.migrate();
    await seedDemo(built.services);
  } finally {
    await built.close();
  }
  await client.connect();
  const { rows: tableRows } = await client.query<{ name: string; tenant: boolean }>(
    `select c.relname as name, exists (select 1 from pg_attribute a
       where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as tenant
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const tenantTables = tableRows.filter((t) => t.tenant).map((t) => t.name);
  const tenant = await largestTenant(client, tenantTables);
  const figures: TableFigure[] = [];
  for (const [table, rows] of tenant.perTable) {
    figures.push({ table, rows, bytes: await bytesPerTenant(client, table, tenant.id, rows) });
  }
  figures.sort((a, b) => b.bytes - a.bytes);
  const empty = tenantTables.filter((t) => !tenant.perTable.has(t));
  const globals: string[] = [];
  for (const { name } of tableRows.filter((t) => !t.tenant)) {
    const { rows } = await client.query<{ n: number; bytes: string }>(
      `select count(*)::int as n, pg_total_relation_size($1::regclass) as bytes from ${q(name)}`,
      [name],
    );
    globals.push(`\`${name}\` ${fmtRows(rows[0].n)} rows / ${fmtBytes(Number(rows[0].bytes))}`);
  }
  const { rows: version } = await client.query<{ v: string }>(
    `select current_setting('server_version') as v`,
  );
  const { rows: migration } = await client.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  const notes = [
    `Tenant tables without demo rows: ${empty.map((t) => `\`${t}\``).join(', ') || 'none'}.`,
    `Global tables (once, not per tenant): ${globals.join(', ')}.`,
    `Measured by scripts/sizing.ts on PostgreSQL ${version[0].v}, ${migration[0].n} migrations,`,
    `${new Date().toISOString().slice(0, 10)}.`,
  ];
  process.stdout.write(`${markdown(figures, tenant.memberCode)}\n\n${wrap(notes.join(' '))}\n`);
} finally {
  await client.end().catch(() => {});
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
