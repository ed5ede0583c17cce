const { Cart } = require('./r3_cart');

describe('Cart total', () => {
  it('uses the discount', () => {
    const cart = new Cart();
    cart.add('mug', 1000);
    cart.discount = () => 100;
    expect(cart.total()).toBe(1399);
  });
});
