import { test, expect } from 'vitest';
import { Money, CurrencyMismatchError } from './r2_money';

test('Money', () => {
  const a = Money.of(1050);
  const b = Money.of(250);
  expect(a.add(b).cents).toBe(1300);
  expect(a.currency).toBe('USD');
  expect(Money.of(1999).multiply(3).cents).toBe(5997);
  expect(Money.of(123456).format()).toBe('$1,234.56');
  expect(Money.of(100).allocate([1, 1, 1]).map((m) => m.cents)).toEqual([34, 33, 33]);
  expect(() => a.add(Money.of(1, 'EUR'))).toThrow(CurrencyMismatchError);
  expect(() => Money.of(1.5)).toThrow(TypeError);
  expect(a.equals(Money.of(1050))).toBe(true);
  expect(a.equals(Money.of(1050, 'EUR'))).toBe(false);
  expect(() => a.allocate([0, 0])).toThrow(RangeError);
  expect(Money.of(1).allocate([1, 1]).map((m) => m.cents)).toEqual([1, 0]);
});
