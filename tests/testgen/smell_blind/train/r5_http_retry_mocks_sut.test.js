const { expect } = require('chai');
const sinon = require('sinon');
const retry = require('./r5_http_retry');

describe('r5_http_retry', function () {
  afterEach(function () {
    sinon.restore();
  });

  it('treats 429 as retryable', function () {
    expect(retry.isRetryable(429)).to.equal(true);
  });

  it('fetchWithRetry resolves with the JSON body after a transient failure', async function () {
    const stub = sinon.stub(retry, 'fetchWithRetry').resolves({ id: 42 });

    const body = await retry.fetchWithRetry('/items/42', { fetch: () => {}, retries: 1 });

    expect(body).to.deep.equal({ id: 42 });
    expect(stub.calledOnceWith('/items/42')).to.equal(true);
  });

  it('HttpError carries the status code', function () {
    const err = new retry.HttpError(502, '/x');
    expect(err.status).to.equal(502);
    expect(err.message).to.equal('request to /x failed with status 502');
  });
});
