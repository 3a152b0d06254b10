import { describe, expect, it } from 'vitest';
import { durationText, shiftSpan } from './setting.ts';

describe('shift span', () => {
  it('measures a day shift, one crossing midnight and one ending at it', () => {
    expect(shiftSpan('08:00', '16:00')).toEqual({ minutes: 480, overnight: false });
    expect(shiftSpan('22:00', '06:00')).toEqual({ minutes: 480, overnight: true });
    // ends at midnight: not a shift crossing it
    expect(shiftSpan('16:00', '00:00')).toEqual({ minutes: 480, overnight: false });
    expect(shiftSpan('16:00', '00:30')).toEqual({ minutes: 510, overnight: true });
    expect(shiftSpan('07:30', '12:15')).toEqual({ minutes: 285, overnight: false });
  });

  it('has no span when the end is the start or a time is missing', () => {
    expect(shiftSpan('08:00', '08:00')).toBeUndefined();
    expect(shiftSpan('', '08:00')).toBeUndefined();
  });

  it('says durations in hours and minutes', () => {
    expect(durationText(480)).toBe('8小时');
    expect(durationText(285)).toBe('4小时45分');
    expect(durationText(45)).toBe('45分钟');
  });
});
