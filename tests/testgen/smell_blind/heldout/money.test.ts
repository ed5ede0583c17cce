import { describe, expect, it } from 'vitest';
import { formatCents, splitAmount } from './money';

describe('splitAmount', () => {
  it.each([
    [100, 3, [34, 33, 33]],
    [10007, 3, [3336, 3336, 3335]],
    [5, 5, [1, 1, 1, 1, 1]],
    [0, 2, [0, 0]],
  ])('splitAmount(%i, %i) -> %j', (cents, parts, expected) => {
    expect(splitAmount(cents, parts)).toEqual(expected);
  });

  it('always preserves the total and keeps shares within one cent', () => {
    const MAX_CENTS = 1000;
    const CENTS_STEP = 37;
    const MAX_PARTS = 12;
    for (let cents = 0; cents <= MAX_CENTS; cents += CENTS_STEP) {
      for (let parts = 1; parts <= MAX_PARTS; parts += 1) {
        const shares = splitAmount(cents, parts);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(cents);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('rejects zero parts with a clear message', () => {
    const bill = 100;
    expect(() => splitAmount(bill, 0)).toThrow(new RangeError('parts must be a positive integer'));
  });
});

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [123456, '$1,234.56'],
    [-250, '-$2.50'],
  ])('formatCents(%i) -> %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });
});
