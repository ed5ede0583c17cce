const { Cart, FREE_SHIPPING_THRESHOLD, SHIPPING_FEE } = require('./r7_cart');

describe('Cart totals', () => {
  const items = [
    ['pen', 1.5, 4],
    ['pad', 3.25, 2],
  ];

  function buildCart() {
    const cart = new Cart();
    for (const [sku, price, qty] of items) cart.add(sku, price, qty);
    return cart;
  }

  test('subtotal sums price times quantity', () => {
    const expected = Math.round(items.reduce((s, [, p, q]) => s + p * q, 0) * 100) / 100;
    expect(buildCart().subtotal()).toBe(expected);
  });

  test('total adds shipping below the threshold', () => {
    const cart = buildCart();
    const sub = cart.subtotal();
    const ship = sub >= FREE_SHIPPING_THRESHOLD ? 0 : SHIPPING_FEE;
    expect(cart.total()).toBe(Math.round((sub + ship) * 100) / 100);
  });
});
