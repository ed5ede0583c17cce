import { describe, it, expect } from 'vitest';
import { Money } from './r4_money';

function expectedAllocation(minor: number, ratios: number[]): number[] {
  const total = ratios.reduce((a, b) => a + b, 0);
  const parts = ratios.map((r) => Math.floor((minor * r) / total));
  let rest = minor - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i++, rest--) parts[i % parts.length] += 1;
  return parts;
}

describe('Money', () => {
  it('formats euros with two decimals', () => {
    expect(Money.of(12.5, 'EUR').format()).toBe('12.50 EUR');
  });

  it('allocates without losing cents', () => {
    const m = new Money(1001, 'USD');
    const parts = m.allocate([1, 1, 1]).map((p) => p.minor);
    expect(parts).toEqual(expectedAllocation(1001, [1, 1, 1]));
  });
});
