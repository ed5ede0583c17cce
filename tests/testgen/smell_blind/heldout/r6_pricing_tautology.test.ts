import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lineTotal, tierFor, unitPrice, withVat } from './r6_pricing';

test('lineTotal is unit price times quantity', () => {
  for (const qty of [1, 10, 50, 100]) {
    assert.equal(lineTotal(2000, qty), unitPrice(2000, qty) * qty);
  }
});

test('unitPrice applies the tier discount', () => {
  const qty = 60;
  const tier = tierFor(qty);
  const expected = Math.round((2000 * (100 - (tier ? tier.percentOff : 0))) / 100);
  assert.equal(unitPrice(2000, qty), expected);
});

test('withVat adds the rate', () => {
  const cents = 999;
  assert.equal(withVat(cents), Math.round(cents * (1 + 20 / 100)));
});
