const { Cart } = require('./r3_cart');

describe('Cart totals', () => {
  it('adds tax after the discount', () => {
    const cart = new Cart({ taxRate: 0.2 });
    cart.add('mug', 1200, 2).applyCoupon('SAVE10');
    const discounted = cart.subtotal() - cart.discount();
    expect(cart.tax()).toBe(Math.round(discounted * 0.2));
  });
});
