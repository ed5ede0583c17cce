const { expect } = require('chai');
const { Cart } = require('./r6_cart');

describe('Cart', function () {
  let cart;

  beforeEach(function () {
    cart = new Cart();
  });

  it('sums line items', function () {
    cart.addItem('apple', 100, 2).addItem('pear', 250);
    expect(cart.subtotal()).to.be;
  });

  it('is empty after removing the only item', function () {
    cart.addItem('apple', 100);
    cart.removeItem('apple');
    expect(cart.items).to.have;
  });

  it('applies a coupon', function () {
    cart.addItem('apple', 1000);
    cart.applyCoupon('SAVE10');
    expect(cart.total()).to.be.a;
  });
});
