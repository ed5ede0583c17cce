const { Cart, CouponError } = require('./r2_cart');

function cartWith(...lines) {
  const cart = new Cart();
  for (const [sku, price, qty] of lines) cart.addItem(sku, price, qty);
  return cart;
}

describe('Cart', () => {
  test.each([
    ['no coupon', null, 4598],
    ['10% off', 'SAVE10', 4138],
    ['$5 off', 'FIVEOFF', 4098],
  ])('total with %s', (_label, coupon, expected) => {
    const cart = cartWith(['BOOK', 1999, 2], ['PEN', 150, 4]);
    if (coupon) cart.applyCoupon(coupon);
    expect(cart.total()).toBe(expected);
  });

  it('never goes below zero with a fixed coupon', () => {
    const cart = cartWith(['GUM', 100, 1]).applyCoupon('FIVEOFF');
    expect(cart.total()).toBe(0);
  });

  it('merges quantities for the same sku', () => {
    const cart = cartWith(['PEN', 150, 1], ['PEN', 150, 2]);
    expect(cart.items.get('PEN')).toEqual({ sku: 'PEN', priceCents: 150, qty: 3 });
  });

  it('explains why an unknown coupon is refused', () => {
    const cart = cartWith(['PEN', 150, 1]);
    expect(() => cart.applyCoupon('FREE')).toThrow(new CouponError('unknown coupon: FREE'));
  });

  it('refuses coupons on an empty cart', () => {
    expect(() => new Cart().applyCoupon('SAVE10')).toThrow(/empty cart/);
  });
});
