import autocannon from 'autocannon';

/** One endpoint to load: a full 127.0.0.1 URL and the request to repeat. */
export interface Target {
  label: string;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Worker threads firing requests, so the load generator does not share the server's event loop. */
  workers: number;
}

export interface LoadResult {
  label: string;
  requestsPerSec: number;
  requestsTotal: number;
  latencyAvgMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  /** Bytes of one response body, to show the two sides answer comparable payloads. */
  bodyBytes: number;
}

export interface PairResult {
  name: string;
  app: LoadResult;
  baseline: LoadResult;
  /** app requests/s as a share of the baseline's, in %. */
  ratioPct: number;
  order: 'app first' | 'baseline first' | 'app reused';
  /** A diagnostic comparison: shown with its ratio but not held to the target. */
  reference?: boolean;
}

export const markOf = (p: PairResult, targetPct: number) =>
  p.reference ? 'ref' : p.ratioPct >= targetPct ? 'PASS' : 'BELOW';

/** Load targets may only be on this machine (workplace rule: loopback only). */
export function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!(host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host))) {
    throw new Error(`refusing to load a non-loopback address: ${url}`);
  }
}

/**
 * Sends the request once and insists on HTTP 200 with errorCode 0; returns the body text, which
 * the load run then expects verbatim from every response (anything else counts as a mismatch).
 */
export async function probe(target: Target): Promise<string> {
  assertLoopback(target.url);
  const res = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body });
  const text = await res.text();
  let code: unknown;
  try {
    code = (JSON.parse(text) as { errorCode?: unknown }).errorCode;
  } catch {
    code = undefined;
  }
  if (res.status !== 200 || code !== 0) {
    throw new Error(`${target.label} ${target.url} answered HTTP ${res.status}: ${text.slice(0, 300)}`);
  }
  return text;
}

async function fire(target: Target, opts: LoadOptions, seconds: number, expectBody: string) {
  assertLoopback(target.url);
  return autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: opts.connections,
    duration: seconds,
    workers: opts.workers > 0 ? opts.workers : undefined,
    expectBody,
  });
}

export function failures(r: autocannon.Result): string | undefined {
  const bad = r.non2xx + r.errors + r.timeouts + r.mismatches;
  if (bad === 0) return undefined;
  const codes = Object.entries(r.statusCodeStats ?? {})
    .map(([code, s]) => `${code}×${(s as { count: number }).count}`)
    .join(' ');
  return `non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}, body mismatches ${r.mismatches} (status ${codes})`;
}

/** A discarded warm-up, then the measured run; throws when any response was not the expected success. */
export async function measure(target: Target, opts: LoadOptions): Promise<LoadResult> {
  const expected = await probe(target);
  if (opts.warmupSeconds > 0) {
    const warm = await fire(target, opts, opts.warmupSeconds, expected);
    const bad = failures(warm);
    if (bad) throw new Error(`${target.label} warm-up against ${target.url}: ${bad}`);
  }
  const r = await fire(target, opts, opts.seconds, expected);
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
    bodyBytes: Buffer.byteLength(expected),
  };
}

/** Measures the app endpoint and its baseline back to back; callers alternate appFirst between pairs. */
export async function comparePair(
  name: string,
  app: Target,
  baseline: Target,
  opts: LoadOptions,
  appFirst: boolean,
  log: (line: string) => void = (line) => console.log(line),
): Promise<PairResult> {
  const run = async (t: Target) => {
    log(
      `  ${name}: ${t.label} (${opts.warmupSeconds}s warm-up + ${opts.seconds}s, ${opts.connections} conn)`,
    );
    return measure(t, opts);
  };
  let a: LoadResult;
  let b: LoadResult;
  if (appFirst) {
    a = await run(app);
    b = await run(baseline);
  } else {
    b = await run(baseline);
    a = await run(app);
  }
  return {
    name,
    app: a,
    baseline: b,
    ratioPct: b.requestsPerSec > 0 ? (a.requestsPerSec / b.requestsPerSec) * 100 : 0,
    order: appFirst ? 'app first' : 'baseline first',
  };
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const NUMERIC = /^[-+≥<>~]?\s?[\d,.]+\s?%?$/;

/** A plain-text table: numeric columns right-aligned, text left-aligned. */
export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const numeric = head.map((_, i) => i > 0 && rows.every((r) => NUMERIC.test(String(r[i] ?? ''))));
  const line = (r: string[]) =>
    r
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

export function pairTable(pairs: PairResult[], targetPct: number): string {
  return table(
    [
      'app endpoint vs baseline',
      'app req/s',
      'base req/s',
      'app p99 ms',
      'base p99 ms',
      'app/base',
      'target',
      'mark',
    ],
    pairs.map((p) => [
      p.name,
      fmt(p.app.requestsPerSec),
      fmt(p.baseline.requestsPerSec),
      fmt(p.app.latencyP99Ms, 1),
      fmt(p.baseline.latencyP99Ms, 1),
      `${fmt(p.ratioPct, 1)} %`,
      p.reference ? '-' : `≥ ${targetPct} %`,
      markOf(p, targetPct),
    ]),
  );
}

/** p-th percentile (nearest rank) of a list of samples. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((x, y) => x - y);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

/** Times fn n times in sequence; returns milliseconds per call. */
export async function timeSequential(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

export interface TimingSummary {
  n: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  minMs: number;
  maxMs: number;
}

export function summarize(samples: number[]): TimingSummary {
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    n: samples.length,
    meanMs: round(samples.reduce((s, x) => s + x, 0) / Math.max(1, samples.length)),
    p50Ms: round(percentile(samples, 50)),
    p99Ms: round(percentile(samples, 99)),
    minMs: round(Math.min(...samples)),
    maxMs: round(Math.max(...samples)),
  };
}
