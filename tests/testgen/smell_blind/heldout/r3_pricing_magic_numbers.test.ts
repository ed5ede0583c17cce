import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyDiscount, priceBands, quoteTotal } from './r3_pricing';

test('bronze customers pay list price for small orders', () => {
  assert.equal(quoteTotal({ unitPrice: 20, quantity: 2, tier: 'bronze' }), 40);
});

test('big gold order', () => {
  assert.equal(quoteTotal({ unitPrice: 3.17, quantity: 1337, tier: 'gold' }), 3178.72);
});

test('discount rounding', () => {
  assert.equal(applyDiscount(87.45, 0.0725), 81.11);
});

test('bands', () => {
  assert.deepEqual(
    [...priceBands([13.99, 7.5, 42, 17.25, 3], 7.5).keys()],
    [0, 7.5, 15, 37.5],
  );
});
