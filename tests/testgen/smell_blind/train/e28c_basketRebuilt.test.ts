import { checkout, shipping } from './e28c_basket';

const items = [
  { sku: 'mug', price: 8.5, qty: 2 },
  { sku: 'tee', price: 19.99, qty: 1 },
];

describe('checkout', () => {
  test('a coupon comes off before shipping', () => {
    const coupon = { percent: 15 };
    const subtotal = items.reduce((s, it) => s + it.price * it.qty, 0);
    const expected = Math.round((subtotal * (1 - coupon.percent / 100) + shipping(items)) * 100) / 100;
    expect(checkout(items, coupon)).toBe(expected);
  });

  test('no coupon', () => {
    expect(checkout(items, null)).toBe(41.98);
  });
});
