import { describe, expect, it } from 'vitest';
import { CurrencyMismatchError, Money } from './r6_money';

describe('Money.allocate', () => {
  it('gives leftover cents to the first parts', () => {
    const parts = Money.cents(1000).allocate([1, 1, 1]);
    expect(parts.map((p) => p.cents)).toEqual([334, 333, 333]);
  });

  it('keeps proportions for uneven ratios', () => {
    expect(Money.cents(5).allocate([3, 7]).map((p) => p.cents)).toEqual([2, 3]);
  });

  it('never loses a cent', () => {
    const parts = Money.cents(10001).allocate([2, 3, 5]);
    expect(parts.reduce((sum, p) => sum + p.cents, 0)).toBe(10001);
  });
});

describe('Money arithmetic', () => {
  it('refuses to add different currencies', () => {
    expect(() => Money.of(1, 'EUR').add(Money.of(1, 'USD'))).toThrow(CurrencyMismatchError);
    expect(() => Money.of(1, 'EUR').add(Money.of(1, 'USD'))).toThrow('cannot combine EUR with USD');
  });

  it('formats with the currency symbol', () => {
    expect(Money.cents(123456, 'USD').format('en-US')).toBe('$1,234.56');
  });
});
