const { Cart } = require('./r8_cart');

describe('Cart', () => {
  test('add returns the cart for chaining', () => {
    const cart = new Cart();
    expect(cart.add('A', 100)).toBe(cart);
  });

  test('total is computed for a mixed cart', () => {
    const cart = new Cart({ taxClass: 'reduced' });
    cart.add('BREAD', 240, 2).add('MILK', 119, 3);
    const total = cart.total();
    expect(total).toBeDefined;
  });

  test('removing an item updates the count', () => {
    const cart = new Cart().add('A', 100, 2).add('B', 100, 1);
    cart.remove('A');
    expect(cart.count()).toBe(1);
  });
});
