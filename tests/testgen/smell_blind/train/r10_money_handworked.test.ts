import { allocate, convert, formatMoney } from './r10_money';

const EUR_PER_USD = 0.92;

describe('allocate', () => {
  it('gives the leftover cent of $1.00 split three ways to the first share', () => {
    // 100 / 3 = 33 remainder 1
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
  });

  it('skips zero-ratio shares when handing out leftovers', () => {
    // 5 * 1/2 = 2.5 -> 2 each, leftover cent goes to the first non-zero share
    expect(allocate(5, [0, 1, 1])).toEqual([0, 3, 2]);
  });
});

describe('convert', () => {
  it('converts $19.99 to euros', () => {
    // 1999 * 0.92 = 1839.08 -> 1839
    expect(convert(1999, EUR_PER_USD)).toBe(1839);
  });

  it('rounds negative halves away from zero', () => {
    // -25 * 0.5 = -12.5 -> -13
    expect(convert(-25, 0.5)).toBe(-13);
  });
});

describe('formatMoney', () => {
  it('formats dollars with a thousands separator', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
  });
});
