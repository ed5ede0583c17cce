import { describe, expect, it } from 'vitest';
import { parseDuration } from './parseDuration';

describe('parseDuration', () => {
  it.each([
    ['1h30m', 5400],
    ['2d', 172800],
    ['45s', 45],
    ['1d2h3m4s', 93784],
    [' 10m ', 600],
  ])('%j is %i seconds', (input, seconds) => {
    expect(parseDuration(input)).toBe(seconds);
  });

  it.each(['', '90', '1m1h', 'ten minutes'])('rejects %j with a TypeError', (input) => {
    expect(() => parseDuration(input)).toThrow(new TypeError(`invalid duration: "${input}"`));
  });
});
