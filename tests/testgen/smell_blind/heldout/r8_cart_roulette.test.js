const { expect } = require('chai');
const { Cart, CartError, applyCoupon } = require('./r8_cart');

describe('Cart', function () {
  it('works end to end', function () {
    const cart = new Cart({ taxClass: 'zero' });
    expect(cart.count()).to.equal(0);
    cart.add('A', 300, 2);
    cart.add('B', 50);
    expect(cart.count()).to.equal(3);
    expect(cart.subtotal()).to.equal(650);
    expect(cart.total()).to.equal(650);
    cart.useCoupon({ type: 'fixed', value: 100 });
    expect(cart.total()).to.equal(550);
    cart.remove('B');
    expect(cart.items.has('B')).to.be.false;
    expect(() => cart.remove('B')).to.throw(CartError);
    expect(applyCoupon(1000, { type: 'percent', value: 25 })).to.equal(750);
    expect(applyCoupon(1000, null)).to.equal(1000);
    expect(() => applyCoupon(1, { type: 'bogo' })).to.throw('unknown coupon type: bogo');
  });

  it('keeps insertion order of items', function () {
    const cart = new Cart().add('X', 1).add('Y', 1);
    expect([...cart.items.keys()]).to.deep.equal(['X', 'Y']);
  });
});
