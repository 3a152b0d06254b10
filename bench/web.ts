/**
 * Web figures: the JavaScript a browser must load to show /login (gzip; target ≤ 300 KB), the size
 * of every chunk, the largest chunks list screens share, and the time from navigation to a usable
 * home page in Chromium.
 * Builds the web app first. Run with `npm run bench` (after the API benchmarks) or alone:
 * `node --import tsx bench/web.ts`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { closure, gzipped, LOGIN_BUDGET_KB, loginBundle, readManifest } from '../e2e/bundle.ts';
import { launchChromium } from '../e2e/chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function bundleReport() {
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: path.join(ROOT, 'packages/web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('web build failed');
  const manifest = readManifest();
  const { jsBytes: loginJs, cssBytes: loginCss } = loginBundle(manifest);
  console.log('\nWeb bundle (gzip)');
  console.log(
    `  JavaScript to show /login: ${kb(loginJs)} (+ ${kb(loginCss)} CSS), target ≤ ${LOGIN_BUDGET_KB} KB: ${loginJs <= LOGIN_BUDGET_KB * 1024 ? 'PASS' : 'OVER'}`,
  );
  console.log('  chunk                                             gzip      source');
  const rows = Object.values(manifest)
    .filter((c) => c.file.endsWith('.js'))
    .map((c) => ({ file: c.file, size: gzipped(c.file), src: c.src ?? '(shared)' }))
    .sort((a, b) => b.size - a.size);
  for (const row of rows) console.log(`  ${row.file.padEnd(48)} ${kb(row.size).padStart(9)}  ${row.src}`);
  const listShared = listScreenChunks(manifest);
  return { loginJsBytes: loginJs, loginCssBytes: loginCss, chunks: rows, listShared };
}

/** A list screen: a page built on the list platform (ListPage, or CrudPage around it). */
const LIST_SCREEN = /platform\/(list\/ListPage|crud\/CrudPage)\.tsx/;

/**
 * The ten largest chunks that list screens share (loaded by two or more of them, beyond what the
 * entry already loaded), with how many load each: what opening any list costs besides its own
 * chunk, which must stay small as modules add screens (issue 18).
 */
function listScreenChunks(manifest: ReturnType<typeof readManifest>) {
  const keys = Object.keys(manifest);
  const entry = keys.filter((k) => manifest[k].isEntry);
  const booted = closure(manifest, entry);
  const screens = keys.filter(
    (k) =>
      manifest[k].isDynamicEntry &&
      k.startsWith('src/modules/') &&
      LIST_SCREEN.test(fs.readFileSync(path.join(ROOT, 'packages/web', k), 'utf8')),
  );
  const loadedBy = new Map<string, number>();
  for (const screen of screens) {
    for (const file of closure(manifest, [screen])) {
      if (file.endsWith('.js') && file !== manifest[screen].file && !booted.has(file))
        loadedBy.set(file, (loadedBy.get(file) ?? 0) + 1);
    }
  }
  const shared = [...loadedBy]
    .filter(([, n]) => n > 1)
    .map(([file, screens]) => ({ file, size: gzipped(file), screens }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 10);
  console.log(`\n  The ten largest chunks ${screens.length} list screens share (beyond the entry's)`);
  console.log('  chunk                                             gzip      list screens');
  for (const row of shared)
    console.log(`  ${row.file.padEnd(48)} ${kb(row.size).padStart(9)}  ${row.screens}/${screens.length}`);
  return shared;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Starts the product as `npm start` does and measures navigation → usable home in Chromium. */
async function homeTiming(runs = 5) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const browser = await launchChromium();
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      server.stdout?.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('已启动')) resolve();
      });
      server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const times: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${base}/login`);
      await page.getByPlaceholder('请输入企业编码').fill('transformer');
      await page.getByPlaceholder('请输入用户名').fill('admin');
      await page.getByPlaceholder('请输入密码').fill('Demo@2026');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL(/\/home/);
      // a cold navigation to /home with the session in storage, as after a reload
      const start = Date.now();
      await page.goto(`${base}/home`);
      await page.getByText(/好，/).first().waitFor();
      if (i > 0) times.push(Date.now() - start);
      await context.close();
    }
    times.sort((a, b) => a - b);
    console.log(
      `\nNavigation to a usable /home (reload with a session, ${runs} runs): median ${times[Math.floor(times.length / 2)]} ms, min ${times[0]} ms, max ${times.at(-1)} ms`,
    );
    return times;
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const bundle = bundleReport();
const home = await homeTiming();
fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(ROOT, 'bench/results/web.json'),
  JSON.stringify({ bundle, homeMs: home }, null, 2),
);
