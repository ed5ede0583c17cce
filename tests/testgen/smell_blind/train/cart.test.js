import { applyCoupon, cartTotal, lineTotal } from './cart.js';

const FAR_FUTURE = '2999-12-31';

describe('cart', () => {
  it('avoids floating point drift when summing', () => {
    const items = [
      { sku: 'TEA', price: 0.1, qty: 3 },
      { sku: 'MUG', price: 19.99, qty: 2 },
    ];
    expect(cartTotal(items)).toBe(40.28);
  });

  it('computes a line total', () => {
    expect(lineTotal({ price: 19.99, qty: 3 })).toBe(59.97);
  });

  it('applies a percentage coupon and rounds to cents', () => {
    const coupon = { code: 'TEN', type: 'percent', value: 10, expires: FAR_FUTURE };
    const total = 59.99;
    expect(applyCoupon(total, coupon)).toBe(53.99);
  });

  it('does not let a fixed coupon make the total negative', () => {
    const coupon = { code: 'BIG', type: 'fixed', value: 12.5, expires: FAR_FUTURE };
    const smallTotal = 10;
    expect(applyCoupon(smallTotal, coupon)).toBe(0);
  });

  it('rejects a coupon that expired before today', () => {
    const coupon = { code: 'OLD', type: 'percent', value: 5, expires: '2024-01-31' };
    const today = new Date('2024-02-01T00:00:00Z');
    const total = 10;
    expect(() => applyCoupon(total, coupon, today)).toThrow('coupon OLD expired on 2024-01-31');
  });
});
