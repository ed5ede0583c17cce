const { expect } = require('chai');
const { Cart } = require('./r3_cart');

const TAX_RATE = 0.08;

const BASKETS = [
  [['A', 1000, 1]],
  [['A', 1999, 3], ['B', 5, 10]],
  [['A', 2500, 2], ['B', 1, 1]],
];

describe('Cart totals', () => {
  it('empty cart costs nothing', () => {
    expect(new Cart().total()).to.equal(0);
  });

  BASKETS.forEach((basket, i) => {
    it(`basket #${i} total`, () => {
      const cart = new Cart({ taxRate: TAX_RATE });
      basket.forEach(([sku, price, qty]) => cart.add(sku, price, qty));

      const subtotal = basket.reduce((sum, [, price, qty]) => sum + price * qty, 0);
      const tax = Math.round(subtotal * TAX_RATE);
      const shipping = subtotal >= cart.freeShippingOver ? 0 : cart.shippingCents;

      expect(cart.total()).to.equal(subtotal + tax + shipping);
    });
  });

  it('HALF coupon halves the subtotal', () => {
    const cart = new Cart().add('A', 3000).applyCoupon('HALF');
    expect(cart.discount()).to.equal(1500);
  });
});
