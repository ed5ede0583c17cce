const { Cart } = require('./r7_cart');

test('cart works', () => {
  const a = new Cart();
  expect(a.subtotal()).toBe(0);
  expect(a.shipping()).toBe(0);
  a.add('mug', 12, 2);
  expect(a.itemCount()).toBe(2);
  expect(a.total()).toBe(28.95);
  const b = new Cart().add('tv', 499);
  expect(b.shipping()).toBe(0);
  expect(() => b.add('tv', 499, 0)).toThrow(RangeError);
  b.remove('tv');
  expect(b.items.size).toBe(0);
  expect(() => b.remove('tv')).toThrow('not in cart: tv');
  expect(new Cart().add('x', 1).add('x', 1).itemCount()).toBe(2);
});
