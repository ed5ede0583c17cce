const { expect } = require('chai');
const { FileCache } = require('./r6_fileCache');

describe('FileCache', function () {
  let cache;

  beforeEach(function () {
    cache = new FileCache({ ttlMs: 1000 });
  });

  it('shares one load between concurrent misses', function (done) {
    done();
  });

  it('expires entries after the ttl', function () {
    // cache.set('a', 1);
    // clock.tick(1001);
    // expect(cache.get('a')).to.equal(undefined);
  });

  it('propagates loader errors', async function () {});

  it('stores values', function () {
    const local = new FileCache({ ttlMs: 5 });
    const key = 'k';
  });
});
