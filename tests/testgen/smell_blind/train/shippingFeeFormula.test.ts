import { describe, expect, it } from 'vitest';
import { BASE_FEE, FREE_KG, PER_KG, shippingFee } from './e28_shippingFee';

describe('shippingFee', () => {
  it.each([3, 7.5, 12])('charges %s kg to the EU', (weight) => {
    const surcharge = Math.max(0, weight - FREE_KG) * PER_KG;
    const expected = Math.round((BASE_FEE.eu + surcharge) * 100) / 100;
    expect(shippingFee(weight, 'eu')).toBe(expected);
  });
});
