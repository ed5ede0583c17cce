import { describe, it, expect } from 'vitest';
import { formatMoney, toMinor, convert, allocate, fromMinor } from './r9_currency';

describe('formatMoney', () => {
  it('formats US dollars', () => {
    const expected = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(123456 / 100);
    expect(formatMoney(123456, 'USD')).toBe(expected);
  });
});

describe('convert', () => {
  it('applies the exchange rate', () => {
    const rates = { USD_EUR: 0.9 };
    expect(convert(1000, 'USD', 'EUR', rates)).toBe(toMinor(fromMinor(1000, 'USD') * rates.USD_EUR, 'EUR'));
  });
});

describe('allocate', () => {
  it('keeps the total', () => {
    const shares = allocate(1000, [1, 1, 1]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(shares.reduce((a, b) => a + b, 0));
  });

  it('splits proportionally', () => {
    expect(allocate(1000, [1, 3])).toEqual(allocate(1000, [1, 3]));
  });
});
