import { describe, it, expect } from 'vitest';
import { DurationParseError, formatDuration, parseDuration } from './r5_duration';

describe('parseDuration', () => {
  it('parses plain seconds', () => {
    expect(parseDuration('45s')).toBe(45_000);
  });

  it('rejects units given out of order', () => {
    try {
      parseDuration('10s5m');
    } catch (err) {
      expect(err).toBeInstanceOf(DurationParseError);
    }
  });

  it('accepts fractional minutes', () => {
    try {
      parseDuration('1.5m');
    } catch (err) {
      expect(err).toBeUndefined();
    }
  });
});

describe('formatDuration', () => {
  it('drops zero components', () => {
    expect(formatDuration(3_600_005)).toBe('1h 5ms');
  });
});
