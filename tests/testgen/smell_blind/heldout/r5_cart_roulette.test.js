const { Cart, CartError, COUPONS } = require('./r5_cart');

describe('Cart', () => {
  it('starts empty', () => {
    const cart = new Cart();
    expect(cart.itemCount()).toBe(0);
  });

  it('works', () => {
    const cart = new Cart({ taxRate: 0.1 });
    cart.addItem('A', 1000, 2);
    cart.addItem('B', 500);
    expect(cart.itemCount()).toBe(3);
    expect(cart.subtotal()).toBe(2500);
    expect(cart.total()).toBe(2750);
    cart.applyCoupon('save10');
    expect(cart.discount()).toBe(250);
    expect(cart.total()).toBe(2475);
    cart.removeItem('B');
    expect(cart.items.has('B')).toBe(false);
    expect(() => cart.removeItem('B')).toThrow(CartError);
    expect(COUPONS.FIVEOFF.value).toBe(500);
    expect(new Cart().taxRate).toBe(0);
    expect(() => cart.addItem('C', 100, 0)).toThrow(CartError);
    expect(cart.coupon.type).toBe('percent');
  });

  it('removing an unknown sku fails with a clear message', () => {
    expect(() => new Cart().removeItem('GHOST')).toThrow('unknown item GHOST');
  });
});
