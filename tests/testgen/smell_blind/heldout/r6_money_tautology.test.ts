import { describe, expect, it } from 'vitest';
import { Money } from './r6_money';

describe('Money', () => {
  it('rounds amounts to whole cents', () => {
    const amount = 19.995;
    expect(Money.of(amount).cents).toBe(Math.round(amount * 100));
  });

  it('allocates the remainder to the first shares', () => {
    const m = Money.cents(1000);
    const ratios = [1, 1, 1];
    const total = ratios.reduce((a, b) => a + b, 0);
    const shares = ratios.map((r) => Math.floor((1000 * r) / total));
    let remainder = 1000 - shares.reduce((a, b) => a + b, 0);
    for (let i = 0; remainder > 0; i = (i + 1) % shares.length, remainder -= 1) shares[i] += 1;

    expect(m.allocate(ratios).map((p) => p.cents)).toEqual(shares);
  });

  it('adds', () => {
    const a = Money.of(1.1);
    const b = Money.of(2.2);
    expect(a.add(b).equals(a.add(b))).toBe(true);
  });
});
