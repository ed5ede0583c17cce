const { expect } = require('chai');
const { TokenBucket } = require('./r5_rate_limiter');

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('TokenBucket', function () {
  this.timeout(5000);

  it('denies once the burst is used', function () {
    const bucket = new TokenBucket({ capacity: 2, refillPerSecond: 10 });
    bucket.tryRemove(2);
    expect(bucket.tryRemove()).to.equal(false);
  });

  it('refills over time', async function () {
    const bucket = new TokenBucket({ capacity: 2, refillPerSecond: 10 });
    bucket.tryRemove(2);

    await wait(250);

    expect(bucket.tryRemove(2)).to.equal(true);
  });

  it('throws RangeError for a zero capacity', function () {
    expect(() => new TokenBucket({ capacity: 0, refillPerSecond: 1 })).to.throw(RangeError, 'capacity must be > 0');
  });
});
