const { Cart, CouponError } = require('./r6_cart');

describe('Cart', () => {
  test('works', async () => {
    const cart = new Cart();
    cart.addItem('apple', 100, 3).addItem('pear', 250);
    expect(cart.items.size).toBe(2);
    expect(cart.subtotal()).toBe(550);
    expect(cart.total()).toBe(550);
    cart.applyCoupon('SAVE10');
    expect(cart.coupon.code).toBe('SAVE10');
    expect(cart.total()).toBe(495);
    expect(cart.removeItem('pear')).toBe(true);
    expect(cart.removeItem('pear')).toBe(false);
    expect(() => cart.addItem('kiwi', 10, 0)).toThrow(RangeError);
    expect(() => cart.applyCoupon('NOPE')).toThrow(CouponError);
    const result = await cart.checkout({ charge: async () => ({ id: 'r1' }) });
    expect(result.receiptId).toBe('r1');
    expect(cart.items.size).toBe(0);
    await expect(cart.checkout({})).rejects.toThrow('cart is empty');
  });
});
