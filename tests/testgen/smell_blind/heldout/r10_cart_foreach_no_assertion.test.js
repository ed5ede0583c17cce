const test = require('node:test');
const assert = require('node:assert/strict');
const { Cart } = require('./r10_cart');

test('adding the same sku twice merges the quantities', () => {
  const cart = new Cart().add('tea', 450).add('tea', 450, 2);
  assert.deepEqual(cart.lines(), [{ sku: 'tea', priceCents: 450, qty: 3 }]);
});

test('quantity must be a positive integer', () => {
  assert.throws(() => new Cart().add('tea', 450, 0), RangeError);
});

test('clear resets every line quantity', () => {
  const cart = new Cart().add('tea', 450, 2).add('mug', 1200);
  cart.clear();
  cart.lines().forEach((line) => {
    assert.equal(line.qty, 0);
  });
});
