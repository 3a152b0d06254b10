import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { assertLoopback, failures, type LoadOptions, type LoadResult, probe, type Target } from './load.ts';

const RANDOM_BODY = fileURLToPath(new URL('./randomBody.cjs', import.meta.url));

/**
 * measure() for endpoints whose answers differ from call to call (a report answers its new number,
 * a list its minutes since now), so no body can be expected: every response must be a 2xx (the app
 * answers every refusal with a 4xx/5xx). With `bodies`, each request sends a random one of them
 * (many operators on many tasks), in worker threads too (randomBody.cjs reads them from a file).
 */
export async function measureVaried(
  target: Target,
  opts: LoadOptions,
  bodies?: string[],
): Promise<LoadResult> {
  assertLoopback(target.url);
  const first = await probe(bodies?.length ? { ...target, body: bodies[0] } : target);
  let dir: string | undefined;
  if (bodies?.length) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bodies-'));
    const file = path.join(dir, 'bodies.json');
    fs.writeFileSync(file, JSON.stringify(bodies));
    process.env.BENCH_RANDOM_BODIES = file;
  }
  const inWorkers = opts.workers > 0;
  const fire = (seconds: number) =>
    autocannon({
      url: target.url,
      method: target.method,
      headers: target.headers,
      body: target.body,
      connections: opts.connections,
      duration: seconds,
      workers: inWorkers ? opts.workers : undefined,
      ...(bodies?.length
        ? {
            requests: [
              {
                method: target.method,
                // worker threads require the file; the main thread takes the function itself
                setupRequest: inWorkers ? RANDOM_BODY : createRequire(import.meta.url)(RANDOM_BODY),
              },
            ],
          }
        : {}),
    });
  try {
    if (opts.warmupSeconds > 0) {
      const bad = failures(await fire(opts.warmupSeconds));
      if (bad) throw new Error(`${target.label} warm-up against ${target.url}: ${bad}`);
    }
    const r = await fire(opts.seconds);
    const bad = failures(r);
    if (bad) throw new Error(`${target.label} ${target.url}: ${bad}`);
    return {
      label: target.label,
      requestsPerSec: r.requests.average,
      requestsTotal: r.requests.total,
      latencyAvgMs: r.latency.average,
      latencyP50Ms: r.latency.p50,
      latencyP99Ms: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      mismatches: r.mismatches,
      bodyBytes: Buffer.byteLength(first),
    };
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}
