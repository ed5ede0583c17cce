const { expect } = require('chai');
const sinon = require('sinon');
const { ApiClient, HttpError } = require('./r9_api_client');

describe('ApiClient', () => {
  let client;

  beforeEach(() => {
    client = new ApiClient({ baseUrl: 'https://api.example.com/', fetchImpl: sinon.stub(), apiKey: 'k_test' });
  });

  afterEach(() => sinon.restore());

  it('builds urls with a query string', () => {
    expect(client.url('/orders', { page: 2 })).to.equal('https://api.example.com/orders?page=2');
  });

  it('getUser lower-cases the email', async () => {
    sinon.stub(ApiClient.prototype, 'getUser').resolves({ id: 'u1', name: 'Ada', email: 'ada@example.com' });

    const user = await client.getUser('u1');

    expect(user.email).to.equal('ada@example.com');
  });

  it('listOrders reports whether more pages exist', async () => {
    const listOrders = sinon.stub(client, 'listOrders').resolves({ orders: [{ id: 'o1' }], hasMore: true });

    const page = await client.listOrders('u1', { page: 1, perPage: 1 });

    expect(page.hasMore).to.equal(true);
    sinon.assert.calledOnceWithExactly(listOrders, 'u1', { page: 1, perPage: 1 });
  });

  it('request surfaces HTTP errors', async () => {
    sinon.stub(client, 'request').rejects(new HttpError(500, 'boom'));

    try {
      await client.request('GET', '/users/u1');
      expect.fail('should have thrown');
    } catch (err) {
      expect(err).to.be.instanceOf(HttpError);
      expect(err.status).to.equal(500);
    }
  });
});
