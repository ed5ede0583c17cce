const test = require('node:test');
const assert = require('node:assert/strict');
const { Cart, lineTotal } = require('./r10_cart');

test('lineTotal multiplies price by quantity', () => {
  assert.equal(lineTotal({ sku: 'tea', priceCents: 450, qty: 3 }), 1350);
});

test('subtotal covers every line in the cart', () => {
  const cart = new Cart().add('tea', 450, 2).add('mug', 1199).add('spoon', 99, 4);

  const expected = cart.lines().reduce((sum, line) => sum + lineTotal(line), 0);

  assert.equal(cart.subtotal(), expected);
});

test('removing a line reports whether it was there', () => {
  const cart = new Cart().add('tea', 450);
  assert.equal(cart.remove('tea'), true);
  assert.equal(cart.remove('tea'), false);
});
