const { Cart, FLAT_SHIPPING_CENTS } = require('./r9_cart');

const BOOK_CENTS = 1299;
const PEN_CENTS = 199;

function cartWithBooksAndPens() {
  return new Cart().add('BOOK', BOOK_CENTS, 2).add('PEN', PEN_CENTS, 3);
}

describe('Cart', () => {
  test('subtotal sums price times quantity', () => {
    // 2 x 12.99 + 3 x 1.99
    expect(cartWithBooksAndPens().subtotal()).toBe(3195);
  });

  test.each([
    ['SAVE10', 320, 3374],
    ['save10', 320, 3374],
    ['TAKE5', 500, 3194],
    ['SHIPFREE', 0, 3195],
  ])('coupon %s gives discount %i and total %i', (code, discount, total) => {
    const cart = cartWithBooksAndPens();
    cart.applyCoupon(code);
    expect({ discount: cart.discount(), total: cart.total() }).toEqual({ discount, total });
  });

  test('flat shipping applies below the free-shipping threshold', () => {
    expect(cartWithBooksAndPens().shipping()).toBe(FLAT_SHIPPING_CENTS);
  });

  test('orders of 50.00 or more ship free', () => {
    const cart = new Cart().add('LAMP', 4500).add('BULB', 650, 2);
    expect(cart.total()).toBe(5800);
  });

  test.each([
    ['negative price', -1, 1, 'invalid price for X'],
    ['zero quantity', 100, 0, 'invalid quantity for X'],
  ])('rejects %s', (_label, price, qty, message) => {
    expect(() => new Cart().add('X', price, qty)).toThrow(new RangeError(message));
  });
});
