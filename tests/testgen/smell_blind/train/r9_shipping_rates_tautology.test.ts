import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  shippingCost,
  billableWeightKg,
  RATE_TABLE,
  EXPRESS_MULTIPLIER,
  VOLUMETRIC_DIVISOR,
} from './r9_shipping_rates';

const LARGE_BOX = { lengthCm: 40, widthCm: 30, heightCm: 20 };
const ORDER_BELOW_FREE_SHIPPING = 5000;

describe('shippingCost', () => {
  it('charges base plus per-kg for EU parcels', () => {
    const request = { country: 'DE', weightKg: 3.2, dims: LARGE_BOX, orderTotalCents: ORDER_BELOW_FREE_SHIPPING };
    const expected = RATE_TABLE.eu.baseCents + Math.round(billableWeightKg(3.2, LARGE_BOX) * RATE_TABLE.eu.perKgCents);
    assert.equal(shippingCost(request), expected);
  });

  it('applies the express multiplier', () => {
    const request = { country: 'DE', weightKg: 3.2, dims: LARGE_BOX, orderTotalCents: ORDER_BELOW_FREE_SHIPPING };
    const standard = shippingCost(request);
    assert.equal(shippingCost({ ...request, express: true }), Math.round(standard * EXPRESS_MULTIPLIER));
  });
});

describe('billableWeightKg', () => {
  it('uses volumetric weight for bulky parcels', () => {
    const volumetric = (LARGE_BOX.lengthCm * LARGE_BOX.widthCm * LARGE_BOX.heightCm) / VOLUMETRIC_DIVISOR;
    assert.equal(billableWeightKg(3.2, LARGE_BOX), Math.ceil(Math.max(3.2, volumetric) * 2) / 2);
  });
});
