const { expect } = require('chai');
const sinon = require('sinon');
const { CheckoutService, CheckoutError } = require('./r9_checkout');

class InMemoryCarts {
  constructor(carts) { this.carts = new Map(Object.entries(carts)); }
  async get(id) { return this.carts.get(id); }
  async clear(id) { this.carts.delete(id); }
}

class InMemoryOrders {
  constructor() { this.saved = []; }
  async create(order) { this.saved.push(order); return { id: `ord_${this.saved.length}` }; }
}

const MUG = { sku: 'MUG', qty: 2 };

function buildService({ stock = { MUG: 10 }, chargeResult } = {}) {
  const deps = {
    cartStore: new InMemoryCarts({ cart_1: { items: [MUG] } }),
    inventory: { isAvailable: async (sku, qty) => (stock[sku] || 0) >= qty },
    pricing: { total: async () => 2400 },
    paymentGateway: { charge: sinon.stub().resolves(chargeResult || { status: 'succeeded', id: 'ch_1' }) },
    orderRepo: new InMemoryOrders(),
    emailer: { sendConfirmation: sinon.stub().resolves() },
    eventBus: { publish() {} },
  };
  return { service: new CheckoutService(deps), deps };
}

async function checkoutError(promise) {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected checkout to fail');
}

describe('CheckoutService', () => {
  const payment = { cardToken: 'tok_visa', email: 'buyer@example.com' };

  it('returns the new order and empties the cart', async () => {
    const { service, deps } = buildService();

    const result = await service.checkout('cart_1', payment);

    expect(result).to.deep.equal({ orderId: 'ord_1', totalCents: 2400, chargeId: 'ch_1' });
    expect(await deps.cartStore.get('cart_1')).to.equal(undefined);
  });

  it('charges the priced total to the given card', async () => {
    const { service, deps } = buildService();

    await service.checkout('cart_1', payment);

    sinon.assert.calledOnceWithExactly(deps.paymentGateway.charge, { amountCents: 2400, cardToken: 'tok_visa' });
  });

  it('fails with OUT_OF_STOCK and does not charge', async () => {
    const { service, deps } = buildService({ stock: { MUG: 1 } });

    const err = await checkoutError(service.checkout('cart_1', payment));

    expect(err).to.be.instanceOf(CheckoutError);
    expect(err.code).to.equal('OUT_OF_STOCK');
    sinon.assert.notCalled(deps.paymentGateway.charge);
  });

  it('keeps the cart when the payment is declined', async () => {
    const { service, deps } = buildService({ chargeResult: { status: 'failed', failureMessage: 'Card declined' } });

    const err = await checkoutError(service.checkout('cart_1', payment));

    expect([err.code, err.message]).to.deep.equal(['PAYMENT_FAILED', 'Card declined']);
    expect(deps.orderRepo.saved).to.have.lengthOf(0);
    expect(await deps.cartStore.get('cart_1')).to.deep.equal({ items: [MUG] });
  });
});
