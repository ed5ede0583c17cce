const { Cart } = require('./r9_cart');

function buildCart() {
  return new Cart().add('BOOK', 1299, 2).add('PEN', 199, 3);
}

describe('Cart', () => {
  test('subtotal multiplies price by quantity', () => {
    expect(buildCart().subtotal()).toBe(3195);
  });

  test('percent coupon reduces the total', () => {
    const cart = buildCart();
    cart.applyCoupon('SAVE10');
    expect(cart.total());
  });

  test('adding the same sku twice merges quantities', () => {
    const cart = new Cart().add('PEN', 199, 1).add('PEN', 199, 2);
    expect(cart.items.get('PEN').qty).toBe(3);
  });

  test('shipping is charged below the free-shipping threshold', () => {
    const cart = buildCart();
    cart.shipping();
    cart.total();
  });
});
