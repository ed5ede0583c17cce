import { describe, expect, it } from 'vitest';
import { FREE_KG, shippingFee } from './e28_shippingFee';

describe('shippingFee', () => {
  it('charges only the base fee up to the free weight', () => {
    expect(shippingFee(FREE_KG, 'domestic')).toBe(4.9);
  });

  it('adds 1.25 per kilogram above two', () => {
    // 9.50 base + 4 kg over the free weight at 1.25
    expect(shippingFee(6, 'eu')).toBe(14.5);
  });

  it('rounds to cents', () => {
    expect(shippingFee(2.333, 'world')).toBeCloseTo(19.42, 2);
  });

  it('never charges less for a heavier parcel', () => {
    expect(shippingFee(10, 'eu')).toBeGreaterThan(shippingFee(5, 'eu'));
  });

  it('charges the world rate by the gram', () => {
    expect(shippingFee(3.2, 'world')).toBe(20.5);
  });

  it('refuses an empty parcel', () => {
    expect(() => shippingFee(0, 'eu')).toThrow(new RangeError('weight must be positive, got 0'));
  });
});
