const { Cart, CartError } = require('./r5_cart');

describe('Cart', () => {
  let cart;

  beforeEach(() => {
    cart = new Cart({ taxRate: 0.08 });
  });

  test('merges repeated adds of the same sku', () => {
    cart.addItem('MUG', 1200, 1).addItem('MUG', 1200, 2);
    expect(cart.itemCount()).toBe(3);
    expect(cart.subtotal()).toBe(3600);
  });

  test.each([
    // [description, coupon, subtotal lines, expected total]
    ['no coupon', null, [['PEN', 250, 4]], 1080],
    ['percent coupon', 'SAVE10', [['PEN', 250, 4]], 972],
    ['fixed coupon', 'FIVEOFF', [['BOOK', 2000, 1]], 1620],
    ['fixed coupon larger than subtotal', 'fiveoff', [['PEN', 250, 1]], 0],
  ])('total with %s', (_label, coupon, lines, expected) => {
    for (const [sku, price, qty] of lines) cart.addItem(sku, price, qty);
    if (coupon) cart.applyCoupon(coupon);
    expect(cart.total()).toBe(expected);
  });

  test('removing part of a line keeps the rest', () => {
    cart.addItem('PEN', 250, 5).removeItem('PEN', 2);
    expect(cart.itemCount()).toBe(3);
  });

  test('rejects a different price for an existing sku', () => {
    cart.addItem('MUG', 1200);
    expect(() => cart.addItem('MUG', 999)).toThrow(new CartError('price conflict for MUG'));
  });

  test('rejects unknown coupons with the code in the message', () => {
    expect(() => cart.applyCoupon('FREE')).toThrow(/unknown coupon FREE/);
  });

  test.each([[-1], [12.5]])('rejects invalid price %p', (price) => {
    expect(() => cart.addItem('X', price)).toThrow(CartError);
  });
});
