/**
 * Times as the factory reads and writes them: 'YYYY-MM-DD HH:mm:ss' on its own clock, China
 * Standard Time (UTC+8, no daylight saving), which is what every screen shows and every form sends.
 * A time with an explicit zone (RFC 3339) is taken as it says.
 */
export const FACTORY_UTC_OFFSET = '+08:00';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The instant a factory time (or an RFC 3339 time) names; undefined when it names none. */
export function parseFactoryTime(text: string): Date | undefined {
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = '00', frac = '', zone] = m;
  if (
    Number(mo) < 1 ||
    Number(mo) > 12 ||
    Number(d) < 1 ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  )
    return undefined;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${frac}${zone ?? FACTORY_UTC_OFFSET}`);
  if (Number.isNaN(date.getTime())) return undefined;
  // 2026-02-30 rolls over to March in Date: refuse it
  const local = new Date(date.getTime() + 8 * 3600_000);
  if (!zone && local.getUTCDate() !== Number(d)) return undefined;
  return date;
}

/** The factory's calendar day of an instant: 'YYYY-MM-DD'. */
export const formatFactoryDate = (date: Date): string => formatFactoryTime(date).slice(0, 10);

/** An instant as the factory's clock shows it: 'YYYY-MM-DD HH:mm:ss'. */
export function formatFactoryTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
