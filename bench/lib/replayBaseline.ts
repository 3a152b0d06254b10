import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { CapturedQuery } from './capture.ts';
import { oneLine } from './capture.ts';

/**
 * The bare baseline of a writing endpoint: Fastify 5 with no schemas, hooks, plugins or logger,
 * replaying the whole statement sequence one app request sent (session look-up, BEGIN + tenant
 * settings, the reads and writes, COMMIT) on one connection, with the values that belong to the
 * request (its task, work order, …) put in the places the app put them. The two sides then run
 * the same SQL, and what differs is the framework and the app's own JavaScript.
 */

/** A bound value of a step: the same in every request, or the request's value of a key. */
/**
 * A fixed value, a key of the request, the moment it runs at (the app stamps times itself), or an
 * array (a prepared statement's `= any($1)`) whose elements are slots.
 */
export type Slot = { value: unknown } | { key: string } | { now: true } | { array: Slot[] };

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const isTime = (v: unknown) => v instanceof Date || (typeof v === 'string' && ISO_TIME.test(v));

export interface ReplayStep {
  text: string;
  name?: string;
  slots: Slot[];
}

const same = (a: unknown, b: unknown): boolean =>
  a === b ||
  (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]))) ||
  (a !== null && b !== null && typeof a !== 'object' && typeof b !== 'object' && String(a) === String(b));

/**
 * The steps of two captured requests that differ only in their keys' values (two tasks at two
 * stations): a value that is the same in both is fixed, one that differs must be the value of one
 * key in each (exactly one: two keys of the same values would be a guess), else the sequence
 * cannot be replayed faithfully and this throws.
 */
export function replayTemplate(
  a: { queries: CapturedQuery[]; keys: Record<string, unknown> },
  b: { queries: CapturedQuery[]; keys: Record<string, unknown> },
): ReplayStep[] {
  const texts = (qs: CapturedQuery[]) => qs.map((q) => q.text);
  if (JSON.stringify(texts(a.queries)) !== JSON.stringify(texts(b.queries)))
    throw new Error(
      `the two requests sent different statements:\n a ${a.queries.map((q) => oneLine(q.text, 30)).join(' | ')}\n b ${b.queries.map((q) => oneLine(q.text, 30)).join(' | ')}`,
    );
  return a.queries.map((qa, i) => {
    const qb = b.queries[i];
    const slotOf = (va: unknown, vb: unknown, where: string): Slot => {
      if (same(va, vb)) return { value: va };
      if (isTime(va) && isTime(vb)) return { now: true };
      if (Array.isArray(va) && Array.isArray(vb) && va.length === vb.length)
        return { array: va.map((x, k) => slotOf(x, vb[k], `${where}[${k}]`)) };
      const keys = Object.keys(a.keys).filter((k) => same(a.keys[k], va) && same(b.keys[k], vb));
      if (keys.length !== 1)
        throw new Error(
          `statement ${i + 1} value ${where} is ${String(va)} / ${String(vb)}, ` +
            `${keys.length ? `ambiguous (${keys.join(', ')})` : 'no known key'}: ${oneLine(qa.text, 120)}`,
        );
      return { key: keys[0] };
    };
    const slots = qa.values.map((va, j) => slotOf(va, qb.values[j], `$${j + 1}`));
    return { text: qa.text, name: qa.name, slots };
  });
}

export interface ReplayBaselineOptions<C extends Record<string, unknown>> {
  databaseUrl: string;
  poolSize: number;
  /** The app's path, so both servers route and parse the same request line. */
  path: string;
  steps: ReplayStep[];
  /** The request's keys from its JSON body; undefined refuses it (400). */
  bind(body: unknown): C | undefined;
  /** After each step: may set keys later steps need (a number the step returned). */
  onRows?(step: number, rows: unknown[][], ctx: C): void;
  /** The answer's result from every step's rows. */
  answer(rows: unknown[][][], ctx: C): unknown;
}

export interface ReplayBaseline {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

export async function startReplayBaseline<C extends Record<string, unknown>>(
  opts: ReplayBaselineOptions<C>,
): Promise<ReplayBaseline> {
  // the app's pool size, connecting as the owner as the app does (the sequence switches role itself)
  const pool = new pg.Pool({
    connectionString: opts.databaseUrl,
    max: opts.poolSize,
    idleTimeoutMillis: 2000,
  });
  pool.on('error', () => {
    // an idle client dropped; the pool replaces it
  });
  const app = Fastify({ logger: false });
  app.post(opts.path, async (req, reply) => {
    const ctx = opts.bind(req.body);
    if (!ctx) return reply.status(400).send({ errorCode: 1, result: null, errorMsg: 'bad body' });
    const client = await pool.connect();
    let broken: Error | undefined;
    const all: unknown[][][] = [];
    try {
      for (const [i, step] of opts.steps.entries()) {
        const fill = (s: Slot): unknown =>
          'key' in s
            ? ctx[s.key]
            : 'now' in s
              ? new Date().toISOString()
              : 'array' in s
                ? s.array.map(fill)
                : s.value;
        const values = step.slots.map(fill);
        const res = await client.query<unknown[]>({
          text: step.text,
          values,
          name: step.name,
          rowMode: 'array',
        });
        // a multi-statement text (begin; set local …) answers one result per statement
        const rows = Array.isArray(res) ? [] : res.rows;
        all.push(rows);
        opts.onRows?.(i, rows, ctx);
      }
      return { errorCode: 0, result: opts.answer(all, ctx), errorMsg: '' };
    } catch (err) {
      await client.query('rollback').catch((e: Error) => {
        broken = e;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (err) {
    await pool.end();
    throw err;
  }
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}
