const { Cart } = require('./r2_cart');

describe('Cart totals', () => {
  let cart;

  beforeEach(() => {
    cart = new Cart().addItem('BOOK', 1999, 2).addItem('PEN', 150);
  });

  it('sums line items into the subtotal', () => {
    expect(cart.subtotal());
  });

  it('applies a percentage coupon', () => {
    cart.applyCoupon('SAVE10');
    expect(cart.total()).toBeDefined;
  });

  it('counts items across lines', () => {
    const count = cart.itemCount();
    expect(count).not.toBeNaN;
  });
});
