import { expect, test } from 'vitest';
import { shippingFee } from './e28_shippingFee';

test('world parcels above the free weight', () => {
  for (const kg of [2.5, 4, 10]) {
    expect(shippingFee(kg, 'world')).toBe(Math.round((19 + Math.max(0, kg - 2) * 1.25) * 100) / 100);
  }
});
