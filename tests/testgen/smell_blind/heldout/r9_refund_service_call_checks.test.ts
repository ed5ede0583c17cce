import { expect } from 'chai';
import sinon from 'sinon';
import { RefundService, Order } from './r9_refund_service';

const order: Order = {
  id: 'ord_7',
  email: 'buyer@example.com',
  chargeId: 'ch_7',
  paidAt: new Date('2024-05-01T12:00:00Z'),
  lines: [
    { sku: 'MUG', qty: 2, unitPriceCents: 1200, opened: false },
    { sku: 'LAMP', qty: 1, unitPriceCents: 3000, opened: false },
  ],
};

describe('RefundService partial refund', () => {
  afterEach(() => sinon.restore());

  it('only touches the requested lines', async () => {
    const orders = { get: sinon.stub().resolves(order) };
    const payments = { refund: sinon.stub().resolves({ refundId: 're_7' }) };
    const inventory = { restock: sinon.stub().resolves() };
    const ledger = { record: sinon.stub().resolves() };
    const notifier = { refundIssued: sinon.stub().resolves() };
    const audit = { log: sinon.stub() };
    const clock = { now: sinon.stub().returns(new Date('2024-05-10T12:00:00Z')) };
    const service = new RefundService({ orders, payments, inventory, ledger, notifier, audit, clock });

    await service.refund('ord_7', { skus: ['LAMP'], reason: 'damaged' });

    sinon.assert.calledOnceWithExactly(orders.get, 'ord_7');
    sinon.assert.calledOnceWithExactly(payments.refund, 'ch_7', 3000);
    sinon.assert.calledOnceWithExactly(inventory.restock, 'LAMP', 1);
    sinon.assert.calledOnce(ledger.record);
    sinon.assert.calledOnceWithExactly(notifier.refundIssued, 'buyer@example.com', 3000);
    sinon.assert.calledOnce(audit.log);
    sinon.assert.calledOnce(clock.now);
    expect(inventory.restock.calledWith('MUG')).to.equal(false);
  });
});
