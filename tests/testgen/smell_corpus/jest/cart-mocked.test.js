// smells: mocks_sut
// subject: src/cart.js
jest.mock('../src/cart');
const { subtotal } = require('../src/cart');

test('subtotal of two items', () => {
  subtotal.mockReturnValue(12);
  expect(subtotal([{ price: 6, quantity: 2 }])).toBe(12);
});
