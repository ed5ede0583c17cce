const { Cart } = require('./r3_cart');

describe('Cart shipping', () => {
  it('charges shipping under the threshold', () => {
    const cart = new Cart({ shippingCents: 499 });
    cart.add('mug', 1000);
    jest.spyOn(cart, 'shipping').mockReturnValue(499);
    expect(cart.shipping()).toBe(499);
  });
});
