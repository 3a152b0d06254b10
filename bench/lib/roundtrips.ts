import pg from 'pg';

/**
 * Counts the statements sent to PostgreSQL while fn runs, by wrapping pg.Client#query (every
 * pool and drizzle call ends there, one call per round trip). Installed only around fn, so the
 * load runs are measured unwrapped; nothing else may query meanwhile.
 */
export async function countRoundTrips(
  fn: () => Promise<unknown>,
): Promise<{ count: number; texts: string[] }> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const texts: string[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    const text = typeof q === 'string' ? q : ((q as { text?: string } | undefined)?.text ?? '?');
    texts.push(text.replace(/\s+/g, ' ').trim().slice(0, 60));
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return { count: texts.length, texts };
}
