// `npm start` builds the web app only when a source file is newer than the last build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/index.html');
const newest = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
    const p = path.join(dir, e.name);
    return Math.max(max, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }, 0);
const sources = [path.join(root, 'src'), path.join(root, '../shared/src')];
const stale =
  !fs.existsSync(built) ||
  Math.max(...sources.map(newest), fs.statSync(path.join(root, 'index.html')).mtimeMs) >
    fs.statSync(built).mtimeMs;
if (stale) {
  console.log('正在构建前端…');
  // always the production build: started from the test runner, NODE_ENV is 'test', and Vite would
  // bundle React's development build (slower, and 70 KB more to show /login)
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  process.exit(r.status ?? 1);
}
