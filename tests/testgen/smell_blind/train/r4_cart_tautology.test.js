const { subtotal, checkoutTotal, shipping } = require('./r4_cart');

const items = [
  { sku: 'mug', price: 8.5, qty: 2 },
  { sku: 'tee', price: 19.99, qty: 1 },
];

describe('cart', () => {
  test('subtotal of two lines', () => {
    expect(subtotal(items)).toBe(36.99);
  });

  test('shipping charged below threshold', () => {
    expect(shipping(items)).toBe(4.99);
  });

  test('checkout total with coupon', () => {
    const coupon = { percent: 10 };
    const expected =
      Math.round(
        (items.reduce((s, it) => s + it.price * it.qty, 0) * (1 - coupon.percent / 100) +
          shipping(items)) * 100,
      ) / 100;
    expect(checkoutTotal(items, coupon)).toBe(expected);
  });
});
