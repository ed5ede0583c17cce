// smells: none
// subject: src/cart.js
const { subtotal, discount, addItem } = require('../src/cart');

describe('subtotal', () => {
  test('an empty cart costs nothing', () => {
    expect(subtotal([])).toBe(0);
  });

  test('multiplies price by quantity per line', () => {
    // 2 * 3.5 + 1 * 4 = 11
    expect(subtotal([{ price: 3.5, quantity: 2 }, { price: 4, quantity: 1 }])).toBe(11);
  });
});

describe('discount', () => {
  it('takes the percentage off', () => {
    expect(discount(80, 25)).toBe(60);
  });

  it('refuses a percentage above 100', () => {
    expect(() => discount(80, 120)).toThrow(RangeError);
  });
});

test('adding an item already in the cart raises its quantity', () => {
  const cart = { items: [{ sku: 'a', quantity: 1 }] };
  addItem(cart, { sku: 'a', quantity: 2 });
  expect(cart.items).toEqual([{ sku: 'a', quantity: 3 }]);
});
