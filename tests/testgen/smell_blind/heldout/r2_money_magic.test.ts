import { describe, it, expect } from 'vitest';
import { Money } from './r2_money';

describe('Money arithmetic', () => {
  it('applies the surcharge', () => {
    const price = Money.of(4217);
    expect(price.multiply(1.0375).cents).toBe(4375);
  });

  it('splits a bill across three parties', () => {
    const parts = Money.of(1937).allocate([3, 7, 11]);
    expect(parts.map((p) => p.cents)).toEqual([277, 646, 1014]);
  });

  it('applies the processor fee', () => {
    const net = Money.of(2500).multiply(0.971);
    expect(net.cents).toBe(2428);
  });

  it('splits by weight without losing cents', () => {
    const parts = Money.of(9999).allocate([2, 5, 13]);
    expect(parts.reduce((sum, p) => sum + p.cents, 0)).toBe(9999);
  });
});
