import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { assertLoopback, failures, type LoadOptions, type LoadResult, probe, type Target } from './load.ts';

const ONCE_BODY = fileURLToPath(new URL('./onceBody.cjs', import.meta.url));
/** Bodies a load thread claims at a time (the most a run can leave unsent, per thread and run). */
const SLICE = 50;

export interface OnceResult extends LoadResult {
  /** Bodies handed to the load generator (claimed slices; the last of each may be partly unsent). */
  handedOut: number;
}

/**
 * measureVaried() for requests that may each be sent only once (approving a document): the first
 * body is the probe, every later request takes a body no other request took (bench/lib/onceBody.cjs),
 * through the warm-up and the measured run, in worker threads too. Every response must be a 2xx;
 * running out of bodies fails the run with a message saying so. `bodies` must be more than the
 * server can answer in the warm-up and the run together.
 */
export async function measureOnce(target: Target, opts: LoadOptions, bodies: string[]): Promise<OnceResult> {
  assertLoopback(target.url);
  if (bodies.length < 2) throw new Error('measureOnce needs at least two bodies');
  const first = await probe({ ...target, body: bodies[0] });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-once-'));
  const file = path.join(dir, 'bodies.json');
  fs.writeFileSync(file, JSON.stringify(bodies.slice(1)));
  fs.mkdirSync(`${file}.claims`);
  process.env.BENCH_ONCE_BODIES = file;
  process.env.BENCH_ONCE_SLICE = String(SLICE);
  const inWorkers = opts.workers > 0;
  const handedOut = () => Math.min(bodies.length - 1, fs.readdirSync(`${file}.claims`).length * SLICE) + 1;
  const fire = (seconds: number) =>
    autocannon({
      url: target.url,
      method: target.method,
      headers: target.headers,
      connections: opts.connections,
      duration: seconds,
      workers: inWorkers ? opts.workers : undefined,
      requests: [
        {
          method: target.method,
          // worker threads require the file; the main thread takes the function itself
          setupRequest: inWorkers ? ONCE_BODY : createRequire(import.meta.url)(ONCE_BODY),
        },
      ],
    });
  const check = (r: autocannon.Result, what: string) => {
    const bad = failures(r);
    if (!bad) return;
    const out = handedOut() >= bodies.length ? ` — ran out of its ${bodies.length} bodies: prepare more` : '';
    throw new Error(`${target.label} ${what}${target.url}: ${bad}${out}`);
  };
  try {
    if (opts.warmupSeconds > 0) check(await fire(opts.warmupSeconds), 'warm-up against ');
    const r = await fire(opts.seconds);
    check(r, '');
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
      handedOut: handedOut(),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
