import { describe, it, expect, beforeEach } from 'vitest';
import { Cart, COUPONS } from './r5_cart';

describe('Cart totals', () => {
  let cart;

  beforeEach(() => {
    cart = new Cart({ taxRate: 0.0725 });
    cart.addItem('SHIRT', 2499, 2);
    cart.addItem('SOCKS', 899, 3);
  });

  it('counts items across lines', () => {
    expect(cart.itemCount()).toBe(5);
  });

  it('applies the percent coupon before tax', () => {
    cart.applyCoupon('SAVE10');

    const subtotal = [...cart.items.values()].reduce((s, l) => s + l.unitPriceCents * l.qty, 0);
    const discount = Math.round((subtotal * COUPONS.SAVE10.value) / 100);
    const taxable = subtotal - discount;
    const expected = taxable + Math.round(taxable * cart.taxRate);

    expect(cart.total()).toBe(expected);
  });

  it('has no discount without a coupon', () => {
    expect(cart.discount()).toBe(0);
  });
});
