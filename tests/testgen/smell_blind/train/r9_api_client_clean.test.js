const { describe, it, beforeEach } = require('node:test');
const assert = require('node:assert/strict');
const { ApiClient, HttpError } = require('./r9_api_client');

function fakeFetch(responses) {
  const calls = [];
  const fetchImpl = async (url, init) => {
    calls.push({ url, init });
    const { status, body } = responses.shift();
    return { status, text: async () => (body === undefined ? '' : JSON.stringify(body)) };
  };
  return { fetchImpl, calls };
}

describe('ApiClient', () => {
  let fake;
  let client;

  beforeEach(() => {
    fake = fakeFetch([]);
    client = new ApiClient({ baseUrl: 'https://api.example.com///', fetchImpl: fake.fetchImpl, apiKey: 'k_test' });
  });

  it('sends the api key and lower-cases the email', async () => {
    fake = fakeFetch([{ status: 200, body: { id: 'u1', name: 'Ada', email: 'ADA@Example.com', role: 'admin' } }]);
    client = new ApiClient({ baseUrl: 'https://api.example.com', fetchImpl: fake.fetchImpl, apiKey: 'k_test' });

    const user = await client.getUser('u1');

    assert.deepEqual(user, { id: 'u1', name: 'Ada', email: 'ada@example.com' });
    assert.equal(fake.calls[0].url, 'https://api.example.com/users/u1');
    assert.equal(fake.calls[0].init.headers['x-api-key'], 'k_test');
  });

  it('strips trailing slashes from the base url', () => {
    assert.equal(client.url('/orders', { page: 2 }), 'https://api.example.com/orders?page=2');
  });

  it('reports hasMore when the total exceeds the pages read', async () => {
    client.fetch = fakeFetch([{ status: 200, body: { items: [{ id: 'o1' }], total: 3 } }]).fetchImpl;

    const page = await client.listOrders('u1', { page: 1, perPage: 1 });

    assert.deepEqual(page, { orders: [{ id: 'o1' }], hasMore: true });
  });

  it('maps error statuses to HttpError with the body', async () => {
    client.fetch = fakeFetch([{ status: 422, body: { error: 'bad email' } }]).fetchImpl;

    await assert.rejects(client.getUser('u1'), (err) => {
      assert.ok(err instanceof HttpError);
      assert.equal(err.status, 422);
      assert.equal(err.body, '{"error":"bad email"}');
      return true;
    });
  });

  it('maps 408 to TimeoutError', async () => {
    client.fetch = fakeFetch([{ status: 408 }]).fetchImpl;

    await assert.rejects(client.getUser('u1'), { name: 'TimeoutError', message: 'Request to https://api.example.com/users/u1 timed out' });
  });
});
