const { expect } = require('chai');
const { retry, backoffDelay } = require('./r7_retry');

describe('retry', () => {
  it('returns the first successful result', async () => {
    let calls = 0;
    const result = await retry(async () => {
      calls += 1;
      if (calls < 2) throw new Error('flaky');
      return 'ok';
    }, { sleep: async () => {} });
    expect(result).to.be;
    expect(calls).to.have;
  });

  it('grows the delay', () => {
    expect(backoffDelay(3)).to.be.a;
  });
});
