const { Cart } = require('./r3_cart');

describe('Cart totals', () => {
  it('total is the sum of its parts', () => {
    const cart = new Cart({ taxRate: 0.1 });
    cart.add('mug', 1200, 2);
    expect(cart.total()).toBe(cart.subtotal() - cart.discount() + cart.tax() + cart.shipping());
  });
});
