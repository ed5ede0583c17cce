const test = require('node:test');
const assert = require('node:assert/strict');
const { Cart } = require('./r7_cart');

test('a small order pays the flat shipping fee', () => {
  const cart = new Cart().add('mug', 12, 2).add('spoon', 1.99);

  assert.equal(cart.itemCount(), 3);
  assert.equal(cart.subtotal(), 25.99);
  assert.equal(cart.shipping(), 4.95);
  assert.equal(cart.total(), 30.94);
});

test('orders at the threshold ship free', () => {
  const cart = new Cart().add('lamp', 50);
  assert.deepEqual({ shipping: cart.shipping(), total: cart.total() }, { shipping: 0, total: 50 });
});
