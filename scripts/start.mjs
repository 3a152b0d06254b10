// `npm start`: builds the web app when it is missing or out of date, then runs the server, passing
// signals on so stopping this process stops the server too.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

if (fs.existsSync('packages/web/package.json')) {
  const r = spawnSync('npm', ['run', '-w', '@factory/web', 'build:if-stale', '--silent'], {
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
