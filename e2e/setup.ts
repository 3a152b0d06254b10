import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts the product exactly as `npm start` does (web built if stale, embedded database, demo data
 * written on first start) on a free port with a fresh data directory, for the browser tests.
 */
let server: ChildProcess | undefined;
let dataDir = '';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

export async function setup(project: TestProject): Promise<void> {
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-e2e-'));
  const root = path.resolve(import.meta.dirname, '..');
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 240 s:\n${output}`)), 240_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('已启动')) {
        clearTimeout(timer);
        resolve();
      }
    };
    server?.stdout?.on('data', onData);
    server?.stderr?.on('data', onData);
    server?.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  project.provide('baseURL', `http://127.0.0.1:${port}`);
}

export async function teardown(): Promise<void> {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}
