const { Cart, CouponError } = require('./r6_cart');

describe('Cart coupons', () => {
  const fixedNow = () => new Date('2024-06-01T00:00:00Z');
  let cart;

  beforeEach(() => {
    cart = new Cart({ now: fixedNow }).addItem('apple', 100, 3).addItem('pear', 250);
  });

  it('takes ten percent off with SAVE10', () => {
    cart.applyCoupon('SAVE10');
    expect(cart.total()).toBe(495);
  });

  it('refuses an expired coupon and says which one', () => {
    expect(() => cart.applyCoupon('OLD5')).toThrow(new CouponError('coupon OLD5 expired', 'EXPIRED'));
    expect(cart.total()).toBe(550);
  });

  it('exposes a machine-readable error code for unknown coupons', () => {
    let caught;
    try {
      cart.applyCoupon('BOGUS');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(CouponError);
    expect(caught).toMatchObject({ code: 'UNKNOWN', message: 'unknown coupon BOGUS' });
  });
});

describe('Cart quantities', () => {
  it('merges repeated additions of the same sku', () => {
    const cart = new Cart().addItem('apple', 100).addItem('apple', 100, 2);
    expect(cart.items.get('apple')).toEqual({ priceCents: 100, qty: 3 });
  });

  it.each([0, -1, 1.5])('rejects quantity %p', (qty) => {
    expect(() => new Cart().addItem('apple', 100, qty)).toThrow(/invalid quantity for apple/);
  });
});
