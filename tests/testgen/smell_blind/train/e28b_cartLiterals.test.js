const { Cart } = require('./r3_cart');

describe('Cart totals with worked numbers', () => {
  it('adds 20% tax after a 10% coupon', () => {
    const cart = new Cart({ taxRate: 0.2, freeShippingOver: 0 });
    cart.add('mug', 1200, 2).applyCoupon('SAVE10');
    // 2400 - 240 = 2160; tax 432
    expect(cart.tax()).toBe(432);
    expect(cart.total()).toBe(2592);
  });

  it('charges shipping below the threshold and not above it', () => {
    const small = new Cart({ shippingCents: 499, freeShippingOver: 5000 }).add('pen', 100);
    const large = new Cart({ shippingCents: 499, freeShippingOver: 5000 }).add('desk', 6000);
    expect(small.shipping()).toBe(499);
    expect(large.shipping()).toBe(0);
  });

  it('a stand-in coupon table is not the cart', () => {
    const cart = new Cart().add('mug', 1000);
    cart.coupon = { flat: 300 };
    expect(cart.discount()).toBe(300);
  });
});
