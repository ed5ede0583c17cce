import { expect } from 'chai';
import sinon from 'sinon';
import { ApiClient } from './r6_apiClient';

describe('ApiClient', () => {
  afterEach(() => sinon.restore());

  it('gets a resource', async () => {
    const tokens = { getToken: sinon.stub().resolves('tok') };
    const cache = { get: sinon.stub().returns(undefined), set: sinon.stub() };
    const logger = { debug: sinon.stub() };
    const metrics = { count: sinon.stub() };
    const response = {
      ok: true,
      status: 200,
      json: sinon.stub().resolves({ id: 1 }),
      text: sinon.stub(),
    };
    const fetchImpl = sinon.stub().resolves(response);

    const client = new ApiClient({
      baseUrl: 'https://api.test',
      tokens,
      cache,
      logger,
      metrics,
      fetchImpl: fetchImpl as unknown as typeof fetch,
    });
    await client.get('/items/1');

    sinon.assert.calledOnce(tokens.getToken);
    sinon.assert.calledOnce(fetchImpl);
    sinon.assert.calledOnce(cache.set);
    expect(cache.get.calledBefore(tokens.getToken)).to.equal(true);
  });
});
