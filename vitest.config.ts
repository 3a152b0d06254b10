import net from 'node:net';
import { defineConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { takesDemo } from './packages/server/src/testing/demoFiles.ts';

/** Server tests run on PGlite always, and again on the real PostgreSQL when it answers. */
function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * The default order (longest first, as last run), except that a server test file taking the demo
 * tenants (createHarness({ demo: true })) runs after the other files of its project: the demo
 * template it copies is written while those run (packages/server/src/testing/templates.ts).
 */
class DemoLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const lateFiles = new Set(sorted.filter((f) => takesDemo(f.moduleId)));
    const projects = [...new Set(sorted.map((f) => f.project))];
    return projects.flatMap((p) => {
      const own = sorted.filter((f) => f.project === p);
      return [...own.filter((f) => !lateFiles.has(f)), ...own.filter((f) => lateFiles.has(f))];
    });
  }
}

const server = (name: string, env: Record<string, string>): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: ['packages/server/src/**/*.test.ts'],
    env,
    // migrated (and demo) template databases, built once per run
    globalSetup: ['packages/server/src/testing/globalSetup.ts'],
    testTimeout: 60_000,
    // one module cache per worker: each file loading the whole server afresh cost ~40 % of the
    // projects' time. A file owns its database and harness; what the server caches at module level
    // is keyed by its Services (platform/session.ts), and a file that mocks a server module resets
    // the cache first (platform/lockout.test.ts).
    isolate: false,
    // seeding the whole demo (a year of production and warehouse) in a beforeAll takes minutes on
    // PGlite when the machine is loaded
    hookTimeout: 600_000,
  },
});

export default defineConfig(async (): Promise<ViteUserConfig> => {
  const pgUp = process.env.TEST_SKIP_PG ? false : await answers('127.0.0.1', 5432);
  const projects: TestProjectInlineConfiguration[] = [
    { extends: true, test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
    {
      extends: true,
      test: {
        name: 'web',
        include: ['packages/web/src/**/*.test.{ts,tsx}'],
        environment: 'happy-dom',
        setupFiles: ['packages/web/src/testSetup.ts'],
        // a screen test clicking through a table of rows takes ~12 s here and twice that on the
        // slower CI machine: 30 s left no margin
        testTimeout: 60_000,
      },
    },
    server('server-pglite', { TEST_DB: 'pglite' }),
    ...(pgUp ? [server('server-postgres', { TEST_DB: 'postgres' })] : []),
    {
      extends: true,
      test: {
        name: 'e2e',
        include: ['e2e/**/*.e2e.ts'],
        globalSetup: ['e2e/setup.ts'],
        fileParallelism: false,
        // a loaded machine answers a filtered list in seconds; the 1 s default poll gave up while
        // the previous rows were still shown
        expect: { poll: { timeout: 15_000, interval: 100 } },
        testTimeout: 120_000,
        hookTimeout: 300_000,
      },
    },
  ];
  return { test: { pool: 'forks', maxWorkers: 2, projects, sequence: { sequencer: DemoLast } } };
});
