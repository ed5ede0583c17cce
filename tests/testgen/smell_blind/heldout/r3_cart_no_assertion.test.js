const { Cart, CartError } = require('./r3_cart');

describe('Cart', () => {
  let cart;

  beforeEach(() => {
    cart = new Cart({ taxRate: 0.1 });
  });

  test('adding the same sku twice merges quantities', () => {
    cart.add('MUG', 1200, 1).add('MUG', 1200, 2);
    expect(cart.itemCount()).toBe(3);
  });

  test('percentage coupon reduces the subtotal', () => {
    cart.add('MUG', 1200, 2).applyCoupon('SAVE10');
    const discount = cart.discount();
    expect(discount);
  });

  test('free shipping above threshold', () => {
    cart.add('LAMP', 6000);
    expect(cart.shipping()).toBe(0);
  });

  test('rejects zero quantity', () => {
    expect(() => cart.add('MUG', 1200, 0)).toThrow(new CartError('invalid quantity for MUG: 0'));
  });
});
