const { Cart } = require('./r3_cart');

describe('Cart coupons', () => {
  it('HALF halves the subtotal', () => {
    const cart = new Cart();
    cart.add('mug', 1500, 2).applyCoupon('HALF');
    expect(cart.discount()).toBe(Math.round((cart.subtotal() * 50) / 100));
  });
});
