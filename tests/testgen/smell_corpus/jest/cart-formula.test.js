// smells: tautology
// subject: src/cart.js
const { discount } = require('../src/cart');

test('discount', () => {
  const total = 250;
  const percent = 10;
  expect(discount(total, percent)).toBe(total - (total * percent) / 100);
});
