import net from 'node:net';
import { defineConfig } from 'vitest/config';

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

export default defineConfig(async () => {
  const pgUp = process.env.TEST_SKIP_PG ? false : await answers('127.0.0.1', 5432);
  const server = (name: string, env: Record<string, string>) => ({
    extends: true as const,
    test: {
      name,
      include: ['packages/server/src/**/*.test.ts'],
      env,
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  });
  return {
    test: {
      pool: 'forks',
      maxWorkers: 2,
      projects: [
        { extends: true, test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
        server('server-pglite', { TEST_DB: 'pglite' }),
        ...(pgUp ? [server('server-postgres', { TEST_DB: 'postgres' })] : []),
      ],
    },
  };
});
