/**
 * Exact decimals for quantities: the database's numeric columns hold six decimal places, so a
 * quantity is computed on as a bigint count of millionths, never as a float.
 */

/** A decimal text in millionths (the columns' scale), exactly: '12.5' → 12500000n. */
export function micro(v: string | number): bigint {
  const [whole, frac = ''] = String(v).split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return (
    sign * (BigInt(whole.replace('-', '') || '0') * 1_000_000n + BigInt(frac.slice(0, 6).padEnd(6, '0')))
  );
}

/** Millionths back to a decimal text. */
export function fromMicro(v: bigint): string {
  const sign = v < 0n ? '-' : '';
  const a = v < 0n ? -v : v;
  const whole = a / 1_000_000n;
  const frac = (a % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${sign}${whole}${frac ? `.${frac}` : ''}`;
}

/** The smaller of two amounts in millionths (Math.min takes no bigint). */
export const least = (a: bigint, b: bigint): bigint => (a < b ? a : b);
