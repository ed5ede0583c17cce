import { describe, it, expect } from 'vitest';
import { CurrencyMismatchError, Money } from './r8_money';

describe('Money', () => {
  it('stores amounts in minor units', () => {
    expect(Money.of(12.34, 'EUR').minor).toBe(1234);
  });

  it('has no minor units for JPY', () => {
    expect(Money.of(500, 'JPY').minor).toBe(500);
  });

  it('adds amounts of the same currency', () => {
    const sum = Money.of(0.1, 'USD').add(Money.of(0.2, 'USD'));
    expect(sum.equals(Money.fromMinor(30, 'USD'))).toBe(true);
  });

  it('refuses to mix currencies', () => {
    expect(() => Money.of(1, 'EUR').add(Money.of(1, 'USD'))).toThrow(CurrencyMismatchError);
    expect(() => Money.of(1, 'EUR').add(Money.of(1, 'USD'))).toThrow('cannot combine EUR with USD');
  });

  it.each([
    [[1, 1, 1], [34, 33, 33]],
    [[70, 30], [70, 30]],
    [[1, 0], [100, 0]],
  ])('allocates 1.00 EUR by %j as %j cents', (ratios, expected) => {
    const parts = Money.of(1, 'EUR').allocate(ratios);
    expect(parts.map((p) => p.minor)).toEqual(expected);
  });

  it('rejects fractional minor units', () => {
    expect(() => Money.fromMinor(1.5, 'EUR')).toThrow(/minor units must be an integer, got 1.5/);
  });

  it('formats with the locale', () => {
    expect(Money.of(1234.5, 'USD').format('en-US')).toBe('$1,234.50');
  });
});
