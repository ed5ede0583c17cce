jest.mock('./r7_cart');
const { Cart } = require('./r7_cart');

describe('Cart.total', () => {
  beforeEach(() => {
    Cart.prototype.total.mockReturnValue(28.95);
  });

  it('includes shipping for small orders', () => {
    const cart = new Cart();
    cart.add('mug', 12, 2);
    expect(cart.total()).toBe(28.95);
    expect(cart.add).toHaveBeenCalledWith('mug', 12, 2);
  });
});
