const { lineTotal, checkoutTotal } = require('./r4_cart');

describe('lineTotal', () => {
  test.each([
    [{ price: 1.1, qty: 3 }, 3.3],
    [{ price: 0.1, qty: 7 }, 0.7],
    [{ price: 19.99, qty: 0 }, 0],
  ])('%o -> %d', (item, expected) => {
    expect(lineTotal(item)).toBe(expected);
  });
});

describe('checkoutTotal', () => {
  test.each`
    items                                  | coupon             | expected
    ${[]}                                  | ${undefined}       | ${4.99}
    ${[{ price: 10, qty: 2 }]}             | ${undefined}       | ${24.99}
    ${[{ price: 25, qty: 2 }]}             | ${undefined}       | ${50}
    ${[{ price: 25, qty: 2 }]}             | ${{ percent: 20 }} | ${40}
    ${[{ price: 10, qty: 1 }]}             | ${{ percent: 50 }} | ${9.99}
  `('total $expected', ({ items, coupon, expected }) => {
    expect(checkoutTotal(items, coupon)).toBe(expected);
  });
});
