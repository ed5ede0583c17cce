const { expect } = require('chai');
const sinon = require('sinon');
const { checkout } = require('./r7_checkout');

describe('checkout', () => {
  it('charges, mails and audits', async () => {
    const cart = { items: new Map([['a', { sku: 'a', qty: 1 }]]) };
    const deps = {
      pricing: { finalTotal: sinon.stub().returns(10) },
      inventory: { reserve: sinon.stub().returns(true), releaseAll: sinon.stub() },
      gateway: { charge: sinon.stub().resolves({ ok: true, id: 'ch_1' }) },
      mailer: { send: sinon.stub().resolves() },
      logger: { warn: sinon.stub() },
      audit: { record: sinon.stub() },
    };

    await checkout(cart, deps);

    sinon.assert.calledOnceWithExactly(deps.pricing.finalTotal, cart);
    sinon.assert.calledOnceWithExactly(deps.inventory.reserve, 'a', 1);
    sinon.assert.calledOnceWithExactly(deps.gateway.charge, 10);
    sinon.assert.calledOnceWithExactly(deps.mailer.send, 'receipt', { total: 10, chargeId: 'ch_1' });
    sinon.assert.calledOnceWithExactly(deps.audit.record, 'checkout', { total: 10, chargeId: 'ch_1' });
    sinon.assert.notCalled(deps.logger.warn);
    sinon.assert.notCalled(deps.inventory.releaseAll);
    expect(deps.gateway.charge.calledAfter(deps.inventory.reserve)).to.equal(true);
  });
});
