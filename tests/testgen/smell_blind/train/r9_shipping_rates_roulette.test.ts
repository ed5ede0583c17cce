import { shippingCost, zoneFor, billableWeightKg } from './r9_shipping_rates';

const SMALL_BOX = { lengthCm: 10, widthCm: 10, heightCm: 10 };
const LARGE_BOX = { lengthCm: 40, widthCm: 30, heightCm: 20 };

describe('shipping rates', () => {
  test('calculates shipping', () => {
    expect(zoneFor('US')).toBe('domestic');
    expect(zoneFor(' fr ')).toBe('eu');
    expect(zoneFor('JP')).toBe('international');
    expect(billableWeightKg(1.2, SMALL_BOX)).toBe(1.5);
    expect(billableWeightKg(3.2, LARGE_BOX)).toBe(5);
    expect(shippingCost({ country: 'US', weightKg: 2, dims: SMALL_BOX, orderTotalCents: 5000 })).toBe(695);
    expect(shippingCost({ country: 'US', weightKg: 2, dims: SMALL_BOX, orderTotalCents: 12000 })).toBe(0);
    expect(shippingCost({ country: 'DE', weightKg: 3.2, dims: LARGE_BOX, orderTotalCents: 5000, express: true })).toBe(3818);
    expect(shippingCost({ country: 'JP', weightKg: 1, dims: SMALL_BOX, orderTotalCents: 5000 })).toBe(3095);
    expect(() => zoneFor('USA')).toThrow(TypeError);
  });

  test('rejects non-positive weights', () => {
    expect(() => billableWeightKg(0, SMALL_BOX)).toThrow('weight must be positive');
  });
});
