import { describe, it, expect } from 'vitest';
import { Cart, CartError } from './r3_cart';

describe('Cart', () => {
  it('works', () => {
    const cart = new Cart({ taxRate: 0.2, freeShippingOver: 5000, shippingCents: 499 });
    cart.add('BOOK', 1500, 2).add('PEN', 250, 4);
    expect(cart.itemCount()).toBe(6);
    expect(cart.subtotal()).toBe(4000);
    expect(cart.shipping()).toBe(499);
    expect(cart.tax()).toBe(800);
    expect(cart.total()).toBe(5299);
    cart.applyCoupon('FIVEOFF');
    expect(cart.discount()).toBe(500);
    expect(() => cart.applyCoupon('BOGUS')).toThrow(CartError);
    cart.remove('PEN');
    expect(cart.items.has('PEN')).toBe(false);
    expect(new Cart().total()).toBe(0);
    expect(() => cart.remove('PEN')).toThrow('not in cart: PEN');
  });

  it('flat coupon never exceeds subtotal', () => {
    const cart = new Cart().add('STICKER', 100).applyCoupon('FIVEOFF');
    expect(cart.discount()).toBe(100);
  });
});
