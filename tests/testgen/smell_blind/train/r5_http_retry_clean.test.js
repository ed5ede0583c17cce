const { expect } = require('chai');
const sinon = require('sinon');
const { fetchWithRetry, HttpError, RetriesExhaustedError } = require('./r5_http_retry');

const jsonResponse = (status, body) => ({
  ok: status >= 200 && status < 300,
  status,
  json: async () => body,
});

async function expectRejection(promise, ErrorType, messagePattern) {
  let caught;
  try {
    await promise;
  } catch (err) {
    caught = err;
  }
  expect(caught, 'expected the promise to reject').to.be.instanceOf(ErrorType);
  expect(caught.message).to.match(messagePattern);
  return caught;
}

describe('fetchWithRetry', function () {
  let fetch;
  let sleep;
  const logger = { warn() {} };

  beforeEach(function () {
    // fetch (network) and sleep (timer) are the true external collaborators.
    fetch = sinon.stub();
    sleep = sinon.stub().resolves();
  });

  it('returns the parsed body of a successful response', async function () {
    fetch.resolves(jsonResponse(200, { id: 1 }));
    const body = await fetchWithRetry('/users/1', { fetch, sleep, logger });
    expect(body).to.deep.equal({ id: 1 });
    expect(sleep.called).to.equal(false);
  });

  it('retries 503 responses with doubling delays', async function () {
    fetch.onCall(0).resolves(jsonResponse(503));
    fetch.onCall(1).resolves(jsonResponse(503));
    fetch.onCall(2).resolves(jsonResponse(200, ['ok']));

    const body = await fetchWithRetry('/jobs', { fetch, sleep, logger, retries: 2, baseDelayMs: 100 });

    expect(body).to.deep.equal(['ok']);
    expect(sleep.args).to.deep.equal([[100], [200]]);
  });

  it('fails fast on a 404', async function () {
    fetch.resolves(jsonResponse(404));
    const err = await expectRejection(fetchWithRetry('/nope', { fetch, sleep, logger }), HttpError, /status 404/);
    expect(err.status).to.equal(404);
    expect(fetch.callCount).to.equal(1);
  });

  it('wraps the last network error once retries are exhausted', async function () {
    const reset = new Error('ECONNRESET');
    fetch.rejects(reset);
    const err = await expectRejection(
      fetchWithRetry('/flaky', { fetch, sleep, logger, retries: 1 }),
      RetriesExhaustedError,
      /giving up on \/flaky after 2 attempts/,
    );
    expect(err.cause).to.equal(reset);
  });
});
