// smells: mocks_sut
// subject: src/cart.js
const cart = require('../src/cart');

test('discount is applied', () => {
  const spy = jest.spyOn(cart, 'discount').mockImplementation(() => 42);
  expect(cart.discount(100, 10)).toBe(42);
  expect(spy).toHaveBeenCalledWith(100, 10);
});
