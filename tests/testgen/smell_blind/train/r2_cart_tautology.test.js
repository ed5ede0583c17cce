import { describe, it, expect, beforeEach } from 'vitest';
import { Cart, COUPONS } from './r2_cart';

describe('Cart.total', () => {
  let cart;

  beforeEach(() => {
    cart = new Cart().addItem('LAMP', 3499).addItem('BULB', 299, 4);
  });

  it('applies a percent coupon', () => {
    cart.applyCoupon('SAVE10');
    const expected = Math.round((cart.subtotal() * (100 - COUPONS.SAVE10.value)) / 100);
    expect(cart.total()).toBe(expected);
  });

  it('applies a fixed coupon', () => {
    cart.applyCoupon('FIVEOFF');
    expect(cart.total()).toEqual(Math.max(0, cart.subtotal() - COUPONS.FIVEOFF.value));
  });

  it('total without coupon is stable', () => {
    const total = cart.total();
    expect(total).toBe(total);
  });
});
