// `npm start`: builds the web app when it exists and is out of date, then runs the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

if (fs.existsSync('packages/web/package.json')) {
  const r = spawnSync('npm', ['run', '-w', '@factory/web', 'build:if-stale'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  stdio: 'inherit',
});
process.exit(r.status ?? 0);
