const { Cart } = require('./r10_cart');

describe('Cart totals', () => {
  test('subtotal of a single line', () => {
    // 3 x $4.50
    expect(new Cart().add('tea', 450, 3).subtotal()).toBe(1350);
  });

  test('coupon is applied to the subtotal', () => {
    const cart = new Cart().add('tea', 450, 2).add('mug', 1199);
    const coupon = { code: 'SPRING', percent: 15 };
    cart.applyCoupon(coupon);

    const expected = Math.round(cart.subtotal() * (1 - coupon.percent / 100));

    expect(cart.total()).toBe(expected);
  });

  test('summary pluralises items', () => {
    expect(new Cart().add('mug', 1200).summary()).toBe('1 item, total $12.00');
  });
});
