import { checkout, price } from './e28c_basket';

describe('checkout', () => {
  test('free shipping leaves the price as it is', () => {
    const items = [{ sku: 'tee', price: 19.99, qty: 3 }];
    expect(checkout(items, null)).toBe(price(items));
  });

  test('a coupon comes off before shipping', () => {
    const items = [
      { sku: 'mug', price: 8.5, qty: 2 },
      { sku: 'tee', price: 19.99, qty: 1 },
    ];
    expect(checkout(items, { percent: 15 })).toBe(36.43);
  });
});
