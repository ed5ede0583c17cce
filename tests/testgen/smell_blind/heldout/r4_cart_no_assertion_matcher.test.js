const { subtotal, checkoutTotal } = require('./r4_cart');

describe('checkoutTotal', () => {
  it('adds shipping under threshold', () => {
    expect(checkoutTotal([{ price: 10, qty: 1 }])).toBe(14.99);
  });

  it('returns a total for a mixed cart', () => {
    const total = checkoutTotal([{ price: 3.33, qty: 3 }, { price: 40, qty: 1 }]);
    expect(total).toBeDefined;
    expect(subtotal([]));
  });
});
