const { Cart, CartError } = require('./r8_cart');

describe('Cart', () => {
  let cart;

  beforeEach(() => {
    cart = new Cart();
  });

  test('empty cart totals zero', () => {
    expect(cart.total()).toBe(0);
  });

  test('adding the same sku merges quantities', () => {
    cart.add('MUG', 850, 1).add('MUG', 850, 2);
    expect(cart.count()).toBe(3);
    expect(cart.items.size).toBe(1);
  });

  test('standard tax is added on top of subtotal', () => {
    cart.add('MUG', 850, 2);
    expect(cart.total()).toBe(2040);
  });

  test('percent coupon applies before tax', () => {
    cart.add('MUG', 1000, 1).useCoupon({ type: 'percent', value: 15 });
    expect(cart.total()).toBe(1020);
  });

  test('fixed coupon never makes the total negative', () => {
    cart.add('PEN', 199).useCoupon({ type: 'fixed', value: 500 });
    expect(cart.total()).toBe(0);
  });

  test('removing an unknown sku throws CartError', () => {
    expect(() => cart.remove('GHOST')).toThrow(CartError);
    expect(() => cart.remove('GHOST')).toThrow('not in cart: GHOST');
  });

  test.each([0, -1, 1.5])('rejects quantity %p', (qty) => {
    expect(() => cart.add('PEN', 199, qty)).toThrow(/invalid quantity for PEN/);
  });
});
