/** Decimals a number cell keeps (spec 001 §5). */
export const NUMBER_DECIMALS = 3;

/** A cell's value as a number: numbers and numeric text; anything else is NaN. */
const numberOf = (value: unknown): number =>
  typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim() || 'x') : NaN;

/**
 * A number for display with at most 3 decimals, cut rather than rounded (spec 001 §5); empty or
 * invalid values become 0. Works on the shortest decimal text of the number, so 1.005 stays 1.005
 * where multiplying by 1000 would give 1004.999….
 */
export function truncateNumber(value: unknown): number {
  const n = numberOf(value);
  if (!Number.isFinite(n)) return 0;
  const text = String(n);
  // exponent notation: below 1e-6 nothing survives 3 decimals, above 1e21 there are no decimals
  if (text.includes('e')) return Math.abs(n) < 1 ? 0 : n;
  const dot = text.indexOf('.');
  const cut = dot < 0 ? n : Number(text.slice(0, dot + 1 + NUMBER_DECIMALS));
  return cut === 0 ? 0 : cut;
}

export const formatNumber = (value: unknown): string => String(truncateNumber(value));

/**
 * A ratio (0.29) as a percentage ('29%') with at most 3 decimals, cut rather than rounded. The
 * decimal point is moved in the number's text, since 0.29 × 100 is 28.999999999999996.
 */
export function formatPercent(ratio: unknown): string {
  const n = numberOf(ratio);
  if (!Number.isFinite(n)) return '0%';
  const [mantissa, exponent = '0'] = String(n).split('e');
  return `${formatNumber(Number(`${mantissa}e${Number(exponent) + 2}`))}%`;
}

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/**
 * A duration in minutes as 天/小时/分 (spec 001 §3: 2天3小时5分), whole minutes cut; units that are
 * 0 are left out, and nothing (or less than a minute) is '0分'.
 */
export function formatMinutes(value: unknown): string {
  const n = numberOf(value);
  const total = Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
  const days = Math.floor(total / MINUTES_PER_DAY);
  const hours = Math.floor((total % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  const minutes = total % MINUTES_PER_HOUR;
  const text = `${days ? `${days}天` : ''}${hours ? `${hours}小时` : ''}${minutes ? `${minutes}分` : ''}`;
  return text || '0分';
}
