import { describe, it, expect } from 'vitest';
import { Money, Currency } from './r4_money';

describe('Money.of / format', () => {
  it.each<[number, Currency, string]>([
    [0, 'EUR', '0.00 EUR'],
    [1.005, 'USD', '1.00 USD'],
    [19.99, 'EUR', '19.99 EUR'],
    [1500, 'JPY', '1500 JPY'],
    [-3.5, 'USD', '-3.50 USD'],
  ])('%d %s -> %s', (amount, currency, text) => {
    expect(Money.of(amount, currency).format()).toBe(text);
  });
});

describe('allocate', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [1000, [70, 30], [700, 300]],
    [5, [1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 0]],
  ])('%i split %j -> %j', (minor, ratios, expected) => {
    expect(new Money(minor, 'EUR').allocate(ratios).map((m) => m.minor)).toEqual(expected);
  });
});

it('adding different currencies names both', () => {
  expect(() => Money.of(1, 'EUR').add(Money.of(1, 'USD'))).toThrow(
    new TypeError('currency mismatch: EUR vs USD'),
  );
});
