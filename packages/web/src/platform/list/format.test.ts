import { describe, expect, it } from 'vitest';
import { formatMinutes, formatNumber, formatPercent, truncateNumber } from './format.ts';

describe('truncateNumber (spec 001 §5)', () => {
  it('keeps at most 3 decimals by truncation, not rounding', () => {
    expect(truncateNumber(1.23456)).toBe(1.234);
    expect(truncateNumber(-1.2399)).toBe(-1.239);
    expect(truncateNumber(2.9999)).toBe(2.999);
    expect(truncateNumber(0.1 + 0.2)).toBe(0.3);
  });

  it('uses the shortest decimal text, so no binary artefacts cut a digit', () => {
    expect(truncateNumber(1.005)).toBe(1.005);
    expect(truncateNumber(4.35)).toBe(4.35);
    expect(truncateNumber(1.1)).toBe(1.1);
  });

  it('leaves integers and short decimals as they are', () => {
    expect(truncateNumber(42)).toBe(42);
    expect(truncateNumber(-7)).toBe(-7);
    expect(truncateNumber(0.5)).toBe(0.5);
    expect(truncateNumber(123456789.123456)).toBe(123456789.123);
  });

  it('makes empty and invalid values 0', () => {
    expect(truncateNumber('')).toBe(0);
    expect(truncateNumber('   ')).toBe(0);
    expect(truncateNumber('abc')).toBe(0);
    expect(truncateNumber(null)).toBe(0);
    expect(truncateNumber(undefined)).toBe(0);
    expect(truncateNumber(Number.NaN)).toBe(0);
    expect(truncateNumber(Number.POSITIVE_INFINITY)).toBe(0);
    expect(truncateNumber({})).toBe(0);
  });

  it('reads numeric text', () => {
    expect(truncateNumber('1.23456')).toBe(1.234);
    expect(truncateNumber(' -0.0009 ')).toBe(0);
    expect(truncateNumber('12')).toBe(12);
  });

  it('handles exponent notation and negative zero', () => {
    expect(truncateNumber(1e-7)).toBe(0);
    expect(Object.is(truncateNumber(-0.0001), 0)).toBe(true);
    expect(truncateNumber(1e21)).toBe(1e21);
  });

  it('formats as text', () => {
    expect(formatNumber(1.23456)).toBe('1.234');
    expect(formatNumber('')).toBe('0');
    expect(formatNumber(-1.2399)).toBe('-1.239');
  });
});

describe('formatPercent', () => {
  it('moves the point in the text, so no binary artefact cuts a digit', () => {
    expect(formatPercent(0.29)).toBe('29%');
    expect(formatPercent(0.57)).toBe('57%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(1.25)).toBe('125%');
  });

  it('keeps 3 decimals of the percentage by truncation', () => {
    expect(formatPercent(0.123456)).toBe('12.345%');
    expect(formatPercent(2 / 3)).toBe('66.666%');
    expect(formatPercent(1.5e-7)).toBe('0%');
    expect(formatPercent(1.23456e-4)).toBe('0.012%');
  });

  it('makes empty and invalid values 0%', () => {
    expect(formatPercent(null)).toBe('0%');
    expect(formatPercent('')).toBe('0%');
    expect(formatPercent('0.5')).toBe('50%');
  });
});

describe('formatMinutes (天/小时/分)', () => {
  it('splits minutes into days, hours and minutes, leaving out zero units', () => {
    expect(formatMinutes(5)).toBe('5分');
    expect(formatMinutes(60)).toBe('1小时');
    expect(formatMinutes(65)).toBe('1小时5分');
    expect(formatMinutes(1440)).toBe('1天');
    expect(formatMinutes(1441)).toBe('1天1分');
    expect(formatMinutes(3 * 1440 + 2 * 60 + 7)).toBe('3天2小时7分');
  });

  it('cuts parts of a minute, never rounding up', () => {
    expect(formatMinutes(59.99)).toBe('59分');
    expect(formatMinutes(0.5)).toBe('0分');
  });

  it('shows nothing, negative or invalid as 0分', () => {
    expect(formatMinutes(0)).toBe('0分');
    expect(formatMinutes(-30)).toBe('0分');
    expect(formatMinutes(null)).toBe('0分');
    expect(formatMinutes('90')).toBe('1小时30分');
  });
});
