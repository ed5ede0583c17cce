const { Cart, lineTotal, applyCoupon, TAX_RATES } = require('./r8_cart');

describe('Cart totals', () => {
  test('subtotal sums line totals', () => {
    const cart = new Cart().add('A', 250, 2).add('B', 125, 4);
    expect(cart.subtotal()).toBe(1000);
  });

  test('total applies coupon and reduced tax', () => {
    const cart = new Cart({ taxClass: 'reduced' }).add('BOOK', 1299, 2);
    const coupon = { type: 'percent', value: 10 };
    cart.useCoupon(coupon);

    const discounted = applyCoupon(lineTotal({ unitCents: 1299, qty: 2 }), coupon);
    const expected = discounted + Math.round(discounted * TAX_RATES.reduced);

    expect(cart.total()).toBe(expected);
  });

  test('count reflects quantities', () => {
    const cart = new Cart().add('A', 100, 3);
    expect(cart.count()).toBe(3);
  });

  test('unknown tax class is rejected', () => {
    expect(() => new Cart({ taxClass: 'luxury' })).toThrow('unknown tax class: luxury');
  });
});
