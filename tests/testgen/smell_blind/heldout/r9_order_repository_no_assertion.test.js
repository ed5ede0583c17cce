const { expect } = require('chai');
const { OrderRepository, NotFoundError } = require('./r9_order_repository');

function orderRow(overrides = {}) {
  return {
    id: 'ord_1',
    customer_id: 'cus_1',
    status: 'pending',
    total_cents: '2599',
    created_at: '2024-05-01T10:00:00Z',
    ...overrides,
  };
}

function fakeDb(rows) {
  const calls = [];
  return {
    calls,
    query: async (sql, params) => {
      calls.push({ sql, params });
      return rows;
    },
  };
}

describe('OrderRepository', () => {
  it('maps a row to an order', async () => {
    const repo = new OrderRepository(fakeDb([orderRow()]));
    const order = await repo.findById('ord_1');
    expect(order.totalCents).to.equal(2599);
    expect(order.customerId).to.equal('cus_1');
  });

  it('rejects unknown ids with NotFoundError', () => {
    const repo = new OrderRepository(fakeDb([]));
    repo.findById('ord_missing').catch((err) => {
      expect(err).to.be.instanceOf(NotFoundError);
    });
  });

  it('filters by status when one is given', () => {
    const db = fakeDb([orderRow({ status: 'paid' })]);
    const repo = new OrderRepository(db);
    repo.findByCustomer('cus_1', { status: 'paid' }).then((orders) => {
      expect(db.calls[0].params).to.deep.equal(['cus_1', 'paid']);
      expect(orders[0].status).to.equal('paid');
    });
  });

  it('refuses an invalid status', async () => {
    const repo = new OrderRepository(fakeDb([]));
    let error;
    try {
      await repo.updateStatus('ord_1', 'lost');
    } catch (err) {
      error = err;
    }
    expect(error).to.be.instanceOf(RangeError);
    expect(error.message).to.equal('Invalid status: lost');
  });
});
