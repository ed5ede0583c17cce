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
    async query(sql, params) {
      calls.push({ sql, params });
      return rows;
    },
  };
}

async function rejectionOf(promise) {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the promise to reject');
}

describe('OrderRepository', () => {
  it('maps database rows to orders', async () => {
    const repo = new OrderRepository(fakeDb([orderRow()]));

    const order = await repo.findById('ord_1');

    expect(order).to.deep.equal({
      id: 'ord_1',
      customerId: 'cus_1',
      status: 'pending',
      totalCents: 2599,
      createdAt: new Date('2024-05-01T10:00:00Z'),
    });
  });

  it('rejects an unknown id with NotFoundError', async () => {
    const err = await rejectionOf(new OrderRepository(fakeDb([])).findById('ord_missing'));

    expect(err).to.be.instanceOf(NotFoundError);
    expect(err.message).to.equal('Order ord_missing not found');
  });

  it('adds a status clause only when a status is given', async () => {
    const db = fakeDb([orderRow({ status: 'paid' })]);
    const repo = new OrderRepository(db);

    await repo.findByCustomer('cus_1', { status: 'paid' });

    expect(db.calls[0]).to.deep.equal({
      sql: 'SELECT * FROM orders WHERE customer_id = $1 AND status = $2 ORDER BY created_at DESC',
      params: ['cus_1', 'paid'],
    });
  });

  it('refuses an invalid status without touching the database', async () => {
    const db = fakeDb([]);

    const err = await rejectionOf(new OrderRepository(db).updateStatus('ord_1', 'lost'));

    expect(err).to.be.instanceOf(RangeError);
    expect(db.calls).to.have.lengthOf(0);
  });
});
