const { Cart, CartError } = require('./r3_cart');

const cartWith = (lines, opts) => {
  const cart = new Cart(opts);
  for (const [sku, price, qty] of lines) cart.add(sku, price, qty);
  return cart;
};

describe('Cart.total', () => {
  test.each`
    lines                              | coupon       | expected
    ${[['A', 1000, 1]]}                | ${null}      | ${1499}
    ${[['A', 1000, 5]]}                | ${null}      | ${5000}
    ${[['A', 1000, 6]]}                | ${'SAVE10'}  | ${5400}
    ${[['A', 1000, 6]]}                | ${'HALF'}    | ${3499}
    ${[['A', 300, 1]]}                 | ${'FIVEOFF'} | ${499}
    ${[['A', 2500, 1], ['B', 2500, 1]]} | ${null}      | ${5000}
  `('$lines with coupon $coupon costs $expected', ({ lines, coupon, expected }) => {
    const cart = cartWith(lines);
    if (coupon) cart.applyCoupon(coupon);
    expect(cart.total()).toBe(expected);
  });
});

describe('Cart validation', () => {
  test('rejects fractional quantities with the sku in the message', () => {
    expect(() => new Cart().add('A', 100, 1.5)).toThrow(CartError);
    expect(() => new Cart().add('A', 100, 1.5)).toThrow('invalid quantity for A: 1.5');
  });

  test('rejects unknown coupons', () => {
    expect(() => new Cart().applyCoupon('FREE')).toThrow(/unknown coupon: FREE/);
  });

  test('removing an absent sku is an error', () => {
    expect(() => new Cart().remove('GHOST')).toThrow(new CartError('not in cart: GHOST'));
  });
});

describe('Cart.tax', () => {
  test('is computed after the discount and rounded to cents', () => {
    const cart = cartWith([['A', 999, 1]], { taxRate: 0.075 }).applyCoupon('SAVE10');
    expect(cart.discount()).toBe(100);
    expect(cart.tax()).toBe(67);
  });
});
