import pg from 'pg';

/** One statement as the app sent it: its full text, bound values and how long it took. */
export interface CapturedQuery {
  text: string;
  values: unknown[];
  /** Named prepared statement, when it was one. */
  name?: string;
  ms: number;
}

/**
 * Records every statement sent to PostgreSQL while fn runs, in full (unlike countRoundTrips, which
 * keeps a short label), so a baseline can replay exactly the SQL the app sends and a bench can
 * tell database time from the rest. Wraps pg.Client#query only around fn; nothing else may query
 * meanwhile. The time is from send to the promise settling (queued time on a busy client included).
 */
export async function captureQueries<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; queries: CapturedQuery[] }> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const queries: CapturedQuery[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string; values?: unknown[]; name?: string } | undefined;
    const entry: CapturedQuery = {
      text: typeof q === 'string' ? q : (q?.text ?? '?'),
      values: [
        ...((((typeof q === 'string' ? undefined : q?.values) ?? args[1]) as unknown[] | undefined) ?? []),
      ],
      name: typeof q === 'string' ? undefined : q?.name,
      ms: 0,
    };
    queries.push(entry);
    const t0 = performance.now();
    const done = () => {
      entry.ms = performance.now() - t0;
    };
    // pool.query hands the client a callback; drizzle and client code await the promise
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const cb = args[last] as (...a: unknown[]) => unknown;
      args[last] = (...a: unknown[]) => {
        done();
        return cb(...a);
      };
    }
    const out = original.apply(this, args);
    if (out && typeof (out as Promise<unknown>).then === 'function') {
      (out as Promise<unknown>).then(done, done);
    }
    return out;
  };
  try {
    const result = await fn();
    return { result, queries };
  } finally {
    proto.query = original;
  }
}

/** A statement's text on one line, cut to n characters, for tables. */
export const oneLine = (text: string, n = 60) => text.replace(/\s+/g, ' ').trim().slice(0, n);
