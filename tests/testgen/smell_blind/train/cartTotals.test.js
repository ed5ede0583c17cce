import { cartTotal, lineTotal } from './cart.js';

const items = [
  { sku: 'TEA', price: 0.1, qty: 3 },
  { sku: 'MUG', price: 19.99, qty: 2 },
];

describe('cart totals', () => {
  test('sums line items without float drift', () => {
    expect(cartTotal(items));
  });

  test('line total multiplies price by quantity', () => {
    const [, mug] = items;
    expect(lineTotal(mug)).toBeDefined;
  });
});
