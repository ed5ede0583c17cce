const { Cart } = require('./r10_cart');

describe('Cart.summary', () => {
  afterEach(() => jest.restoreAllMocks());

  test('uses the real total exactly once', () => {
    const cart = new Cart().add('tea', 450, 2).add('mug', 1200);
    const totalSpy = jest.spyOn(cart, 'total');

    const text = cart.summary();

    expect(text).toBe('3 items, total $21.00');
    expect(totalSpy).toHaveBeenCalledTimes(1);
    expect(totalSpy).toHaveReturnedWith(2100);
  });

  test('reflects a coupon', () => {
    const cart = new Cart().add('mug', 1200);
    cart.applyCoupon({ code: 'QUARTER', percent: 25 });
    // 25% off $12.00 = $9.00
    expect(cart.summary()).toBe('1 item, total $9.00');
  });
});
