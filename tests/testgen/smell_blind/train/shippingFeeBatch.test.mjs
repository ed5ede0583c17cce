import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parcelsFee, shippingFee } from './e28_shippingFee.js';

test('a batch costs the sum of its parcels', () => {
  const weights = [1, 4, 6.5];
  const total = weights.reduce((sum, w) => sum + shippingFee(w, 'world'), 0);
  assert.equal(parcelsFee(weights, 'world'), Math.round(total * 100) / 100);
});
