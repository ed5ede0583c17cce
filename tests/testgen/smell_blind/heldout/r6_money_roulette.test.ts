import { CurrencyMismatchError, Money } from './r6_money';

test('money', () => {
  const a = Money.of(10);
  const b = Money.cents(250);
  expect(a.cents).toBe(1000);
  expect(a.currency).toBe('EUR');
  expect(a.add(b).cents).toBe(1250);
  expect(a.multiply(1.5).cents).toBe(1500);
  expect(a.allocate([1, 3]).map((m) => m.cents)).toEqual([250, 750]);
  expect(a.equals(Money.cents(1000))).toBe(true);
  expect(a.equals(Money.cents(1000, 'USD'))).toBe(false);
  expect(() => a.add(Money.of(1, 'GBP'))).toThrow(CurrencyMismatchError);
  expect(() => Money.cents(1.5)).toThrow(RangeError);
  expect(() => a.allocate([])).toThrow(RangeError);
  expect(b.format('en-US')).toContain('2.50');
  expect(Money.of(0.1).add(Money.of(0.2)).cents).toBe(30);
});
