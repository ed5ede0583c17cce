import { describe, expect, it } from 'vitest';
import { formatCents, splitAmount } from './money';

describe('splitAmount', () => {
  it('gives the leftover cents to the first shares', () => {
    expect(splitAmount(10007, 3)).toEqual([3336, 3336, 3335]);
  });

  it('handles an awkward number of parts', () => {
    const shares = splitAmount(4999, 7);
    expect(shares[0]).toBe(715);
    expect(shares[6]).toBe(714);
  });
});

describe('formatCents', () => {
  it('adds thousands separators', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
  });
});
