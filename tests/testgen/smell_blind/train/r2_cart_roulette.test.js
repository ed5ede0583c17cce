const { Cart, CouponError, COUPONS } = require('./r2_cart');

test('cart works', () => {
  const cart = new Cart();
  expect(cart.itemCount()).toBe(0);
  cart.addItem('BOOK', 1999, 2);
  cart.addItem('PEN', 150);
  cart.addItem('PEN', 150, 3);
  expect(cart.itemCount()).toBe(6);
  expect(cart.subtotal()).toBe(4598);
  expect(cart.items.get('PEN').qty).toBe(4);
  expect(() => cart.addItem('BAD', -1)).toThrow(TypeError);
  expect(COUPONS.SAVE10.value).toBe(10);
  cart.applyCoupon('SAVE10');
  expect(cart.total()).toBe(4138);
  expect(() => cart.applyCoupon('NOPE')).toThrow(CouponError);
  cart.removeItem('BOOK');
  expect(cart.subtotal()).toBe(600);
  expect(cart.total()).toBe(540);
  expect(new Cart().total()).toBe(0);
});
