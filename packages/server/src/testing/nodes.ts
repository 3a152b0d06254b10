import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** An API node: the product's own server process, as a deployment runs several of them. */
export interface ApiNode {
  origin: string;
  pid: number;
  /** Everything it logged so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the product as a process of its own on a free port with a fresh data directory, and
 * resolves once it says it has started. `env` is laid over the defaults (no demo, info logs);
 * `entry` is what node runs: the server itself, or `scripts/start.mjs` as `npm start` does.
 */
export async function startNode(
  env: Record<string, string | undefined> = {},
  { entry = ['--import', 'tsx', 'packages/server/src/main.ts'], timeoutMs = 120_000 } = {},
): Promise<ApiNode> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-node-'));
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: {
      ...process.env,
      DEMO: '0',
      LOG_LEVEL: 'info',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`node did not start in ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('已启动')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`node exited with ${code}:\n${output}`));
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    output: () => output,
    stop: () => stopProcess(child).then(() => fs.rmSync(dataDir, { recursive: true, force: true })),
  };
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A Redis server of the test's own, which the test may stop and start again on the same port. */
export async function startRedis(
  port?: number,
): Promise<{ url: string; port: number; pid: number; stop(): Promise<void> }> {
  const p = port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 10_000);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
  // pid: a test may SIGSTOP it, for a Redis that is connected but does not answer
  return { url: `redis://127.0.0.1:${p}`, port: p, pid: child.pid as number, stop: () => stopProcess(child) };
}
