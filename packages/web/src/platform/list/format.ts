/** Decimals a number cell keeps (spec 001 §5). */
export const NUMBER_DECIMALS = 3;

/**
 * A number for display with at most 3 decimals, cut rather than rounded (spec 001 §5); empty or
 * invalid values become 0. Works on the shortest decimal text of the number, so 1.005 stays 1.005
 * where multiplying by 1000 would give 1004.999….
 */
export function truncateNumber(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim() || 'x') : NaN;
  if (!Number.isFinite(n)) return 0;
  const text = String(n);
  // exponent notation: below 1e-6 nothing survives 3 decimals, above 1e21 there are no decimals
  if (text.includes('e')) return Math.abs(n) < 1 ? 0 : n;
  const dot = text.indexOf('.');
  const cut = dot < 0 ? n : Number(text.slice(0, dot + 1 + NUMBER_DECIMALS));
  return cut === 0 ? 0 : cut;
}

export const formatNumber = (value: unknown): string => String(truncateNumber(value));
