import { afterEach, describe, expect, it, vi } from 'vitest';
import * as pricing from './r3_pricing';

describe('volumeDiscount', () => {
  it.each([
    [1, 0],
    [10, 0.03],
    [100, 0.08],
    [1000, 0.15],
  ])('quantity %i earns %f', (qty, rate) => {
    expect(pricing.volumeDiscount(qty)).toBe(rate);
  });
});

describe('quoteTotal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('combines tier and volume discounts', () => {
    const spy = vi
      .spyOn(pricing, 'quoteTotal')
      .mockImplementation(({ unitPrice, quantity }) => unitPrice * quantity * 0.88);
    const total = pricing.quoteTotal({ unitPrice: 10, quantity: 100, tier: 'gold' });
    expect(total).toBe(880);
    expect(spy).toHaveBeenCalledWith({ unitPrice: 10, quantity: 100, tier: 'gold' });
  });

  it('rejects zero quantity', () => {
    expect(() => pricing.quoteTotal({ unitPrice: 10, quantity: 0, tier: 'bronze' })).toThrow('quantity must be positive');
  });
});
