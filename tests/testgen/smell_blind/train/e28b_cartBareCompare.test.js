const { Cart } = require('./r3_cart');

describe('Cart', () => {
  it('removes items', () => {
    const cart = new Cart();
    cart.add('mug', 1000).remove('mug');
    cart.itemCount() === 0;
  });
});
