import { describe, it, expect } from 'vitest';
import { Cart } from './r10_cart';

describe('Cart', () => {
  it('starts empty', () => {
    expect(new Cart().lines()).toEqual([]);
  });

  it('supports a typical shopping session', () => {
    const cart = new Cart();
    cart.add('tea', 450, 2);
    expect(cart.subtotal()).toBe(900);

    cart.add('mug', 1200);
    expect(cart.summary()).toBe('3 items, total $21.00');

    expect(cart.remove('mug')).toBe(true);
    expect(cart.remove('mug')).toBe(false);

    cart.applyCoupon({ code: 'TEA10', percent: 10 });
    expect(cart.total()).toBe(810);
    expect(() => cart.applyCoupon({ code: 'FREE', percent: 100 })).toThrow(RangeError);

    cart.clear();
    expect(cart.total()).toBe(0);
  });
});
