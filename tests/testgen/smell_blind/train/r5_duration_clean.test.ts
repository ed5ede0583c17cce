import { describe, it, expect } from 'vitest';
import { DurationParseError, formatDuration, parseDuration } from './r5_duration';

describe('parseDuration', () => {
  it.each<[string, number]>([
    ['250ms', 250],
    ['1s', 1_000],
    ['1.5s', 1_500],
    ['90s', 90_000],
    ['1h30m', 5_400_000],
    ['2d 4h', 187_200_000],
    ['1m 0.5s', 60_500],
  ])('parses %s as %i ms', (input, expected) => {
    expect(parseDuration(input)).toBe(expected);
  });

  it.each<[string, RegExp]>([
    ['', /empty/],
    ['10', /unexpected "10"/],
    ['5x', /unexpected "5x"/],
    ['30m1h', /unit "h" out of order/],
    ['1s1s', /unit "s" out of order/],
  ])('rejects %j', (input, reason) => {
    expect(() => parseDuration(input)).toThrow(DurationParseError);
    expect(() => parseDuration(input)).toThrow(reason);
  });
});

describe('formatDuration', () => {
  it.each<[number, string]>([
    [0, '0ms'],
    [999, '999ms'],
    [61_000, '1m 1s'],
    [3_600_000, '1h'],
    [90_061_001, '1d 1h 1m 1s 1ms'],
  ])('formats %i as %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });

  it('rejects negative durations', () => {
    expect(() => formatDuration(-1)).toThrow(new RangeError('duration must be a non-negative finite number'));
  });
});
