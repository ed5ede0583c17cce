import { cartTotal, lineTotal } from './cart.js';

const basket = [
  { sku: 'TEA', price: 4.25, qty: 3 },
  { sku: 'MUG', price: 12.0, qty: 1 },
  { sku: 'SPOON', price: 1.1, qty: 6 },
];

describe('cartTotal', () => {
  it('adds up every line', () => {
    const expected =
      basket.reduce((sum, item) => sum + Math.round(item.price * 100) * item.qty, 0) / 100;
    expect(cartTotal(basket)).toBe(expected);
  });

  it('agrees with the sum of line totals', () => {
    const expected = basket.map(lineTotal).reduce((a, b) => a + b, 0);
    expect(cartTotal(basket)).toBeCloseTo(expected);
  });
});
