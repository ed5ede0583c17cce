import { applyCoupon } from './cart.js';

const FAR_FUTURE = '2999-12-31';

describe('applyCoupon', () => {
  it('takes a percentage off the total', () => {
    const total = 80;
    const coupon = { code: 'SPRING15', type: 'percent', value: 15, expires: FAR_FUTURE };
    expect(applyCoupon(total, coupon)).toBe(68);
  });

  it('rejects expired coupons', () => {});

  it('never takes a fixed coupon below zero', () => {
    // TODO: add once fixed-amount coupons ship to production
  });
});
