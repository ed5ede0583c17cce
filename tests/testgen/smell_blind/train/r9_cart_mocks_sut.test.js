const { Cart } = require('./r9_cart');

describe('Cart totals', () => {
  afterEach(() => jest.restoreAllMocks());

  test('subtotal of an empty cart is zero', () => {
    expect(new Cart().subtotal()).toBe(0);
  });

  test('orders over the threshold ship for free', () => {
    const cart = new Cart().add('LAMP', 4500).add('BULB', 650, 2);
    jest.spyOn(cart, 'shipping').mockReturnValue(0);

    expect(cart.total()).toBe(5800);
    expect(cart.shipping).toHaveBeenCalled();
  });

  test('SAVE10 takes ten percent off', () => {
    const cart = new Cart().add('BOOK', 1299, 2).add('PEN', 199, 3);
    const discountSpy = jest.spyOn(Cart.prototype, 'discount').mockImplementation(() => 320);
    cart.applyCoupon('SAVE10');

    expect(cart.discount()).toBe(320);
    expect(discountSpy).toHaveBeenCalledTimes(1);
  });

  test('unknown coupons are rejected', () => {
    expect(() => new Cart().applyCoupon('BOGUS')).toThrow('Unknown coupon: BOGUS');
  });
});
