const { Cart } = require('./r7_cart');

describe('Cart', () => {
  it('adds an item', () => {
    const cart = new Cart().add('book', 15, 1);
    expect(cart.items.get('book')).toBeDefined;
    expect(cart.total());
  });

  it('merges repeated skus', () => {
    const cart = new Cart().add('book', 15).add('book', 15);
    expect(cart.itemCount()).not.toBeUndefined;
  });
});
