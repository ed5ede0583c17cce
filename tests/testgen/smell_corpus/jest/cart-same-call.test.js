// smells: tautology
// subject: src/cart.js
const { subtotal } = require('../src/cart');

describe('subtotal', () => {
  it('sums lines', () => {
    const items = [{ price: 1, quantity: 3 }];
    const expected = subtotal(items);
    expect(subtotal(items)).toEqual(expected);
  });
});
