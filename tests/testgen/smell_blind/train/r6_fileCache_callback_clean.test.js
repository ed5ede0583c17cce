const { expect } = require('chai');
const sinon = require('sinon');
const { FileCache } = require('./r6_fileCache');

describe('FileCache.readThrough', function () {
  it('calls the loader once for concurrent misses and answers every caller', function (done) {
    const cache = new FileCache();
    const loader = sinon.spy((key, cb) => setImmediate(cb, null, `contents of ${key}`));
    const results = [];

    const collect = (err, value) => {
      try {
        expect(err).to.equal(null);
        results.push(value);
        if (results.length === 2) {
          expect(results).to.deep.equal(['contents of a.txt', 'contents of a.txt']);
          expect(loader.calledOnce).to.equal(true);
          done();
        }
      } catch (assertionError) {
        done(assertionError);
      }
    };

    cache.readThrough('a.txt', loader, collect);
    cache.readThrough('a.txt', loader, collect);
  });

  it('passes loader errors to the callback without caching them', function (done) {
    const cache = new FileCache();
    cache.readThrough('missing', (key, cb) => cb(new Error('ENOENT: missing')), (err, value) => {
      try {
        expect(err).to.be.an.instanceOf(Error).with.property('message', 'ENOENT: missing');
        expect(value).to.equal(undefined);
        expect(cache.get('missing')).to.equal(undefined);
        done();
      } catch (e) {
        done(e);
      }
    });
  });

  it('expires entries using the injected clock', function () {
    let now = 0;
    const cache = new FileCache({ ttlMs: 1000, now: () => now });
    cache.set('k', 'v');
    now = 1001;
    expect(cache.get('k')).to.equal(undefined);
  });
});
