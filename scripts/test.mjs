// `npm test`: type check, lint, dependency rules, then every Vitest project (shared; web; server on PGlite; server on
// the real PostgreSQL when it answers), then the browser tests. Ends with one line: `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const bin = (name) => `node_modules/.bin/${name}`;
let passed = 0;
let failed = 0;
let skipped = 0;

function check(title, cmd, args) {
  process.stdout.write(`\n▶ ${title}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status === 0) passed++;
  else {
    failed++;
    process.stdout.write(`✗ ${title} failed\n`);
  }
}

check('类型检查 (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
check('代码规范 (biome check)', bin('biome'), ['check', '.']);
// the module-boundary and no-circle rules of .dependency-cruiser.cjs (`npm run deps`)
check('依赖规则 (dependency-cruiser)', 'npm', ['run', '--silent', 'deps']);

fs.mkdirSync('.test-output', { recursive: true });

/** Runs `vitest run` with args, writing its JSON report; resolves once it has ended. */
function vitest(args, report) {
  fs.rmSync(report, { force: true });
  const child = spawn(
    bin('vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { stdio: 'inherit' },
  );
  return new Promise((resolve) => child.on('exit', resolve));
}

function count(title, report) {
  if (!fs.existsSync(report)) {
    failed++;
    process.stdout.write(`✗ ${title} wrote no report\n`);
    return;
  }
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  // a file that failed without a failed test (it did not load, or a hook failed and its tests were
  // skipped) counts as a failure
  failed += r.testResults.filter(
    (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
  ).length;
  if (r.numTotalTests === 0) failed++;
}

// The browser tests (the e2e project) run in a Vitest of their own after the others: run beside
// them on two cores, the machine was so oversubscribed that heavy server tests ran past their
// timeouts.
process.stdout.write('\n▶ Vitest\n');
await vitest(['--project', '!e2e'], '.test-output/vitest.json');
process.stdout.write('\n▶ Vitest: 浏览器测试 (e2e)\n');
await vitest(['--project', 'e2e'], '.test-output/vitest-e2e.json');
count('Vitest', '.test-output/vitest.json');
count('Vitest e2e', '.test-output/vitest-e2e.json');

process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed ? 1 : 0);
