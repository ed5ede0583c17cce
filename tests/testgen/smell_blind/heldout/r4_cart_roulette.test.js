const { expect } = require('chai');
const sinon = require('sinon');
const cart = require('./r4_cart');

describe('cart module', function () {
  it('charges shipping on small carts', function () {
    expect(cart.shipping([{ price: 1, qty: 1 }])).to.equal(4.99);
  });

  it('works', function () {
    const analytics = { track: sinon.spy() };
    const items = [{ price: 30, qty: 1 }, { price: 12.5, qty: 2 }];
    analytics.track('checkout', cart.checkoutTotal(items));
    expect(cart.lineTotal(items[0])).to.equal(30);
    expect(cart.lineTotal(items[1])).to.equal(25);
    expect(cart.subtotal(items)).to.equal(55);
    expect(cart.shipping(items)).to.equal(0);
    expect(cart.checkoutTotal(items)).to.equal(55);
    expect(cart.checkoutTotal(items, { percent: 10 })).to.equal(49.5);
    expect(cart.FREE_SHIPPING_OVER).to.equal(50);
    expect(cart.SHIPPING_FEE).to.equal(4.99);
    expect(analytics.track.calledOnce).to.be.true;
    expect(cart.subtotal([])).to.equal(0);
  });
});
