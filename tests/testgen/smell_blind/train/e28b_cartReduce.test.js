const { Cart } = require('./r3_cart');

describe('Cart', () => {
  it('subtotal', () => {
    const cart = new Cart();
    const lines = [['a', 250, 2], ['b', 100, 3]];
    lines.forEach(([s, p, q]) => cart.add(s, p, q));
    const expected = lines.reduce((sum, [, p, q]) => sum + p * q, 0);
    expect(cart.subtotal()).toBe(expected);
  });
});
