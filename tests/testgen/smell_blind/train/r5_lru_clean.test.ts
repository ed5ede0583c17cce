import { expect } from 'chai';
import sinon from 'sinon';
import { LRUCache } from './r5_lru';

describe('LRUCache', function () {
  it('evicts the least recently used entry when full', function () {
    const cache = new LRUCache<string, number>(2);
    cache.set('a', 1).set('b', 2);
    cache.get('a');
    cache.set('c', 3);

    expect(cache.keys()).to.deep.equal(['a', 'c']);
    expect(cache.evictionCount).to.equal(1);
  });

  it('notifies the eviction callback with the evicted pair', function () {
    const onEvict = sinon.spy();
    const cache = new LRUCache<string, string>(1, onEvict);
    cache.set('first', 'x').set('second', 'y');

    sinon.assert.calledOnceWithExactly(onEvict, 'first', 'x');
  });

  it('overwriting a key does not evict anything', function () {
    const onEvict = sinon.spy();
    const cache = new LRUCache<string, number>(2, onEvict);
    cache.set('a', 1).set('b', 2).set('a', 10);

    expect(cache.size).to.equal(2);
    expect(cache.peek('a')).to.equal(10);
    sinon.assert.notCalled(onEvict);
  });

  it('returns undefined for a missing key without affecting size', function () {
    const cache = new LRUCache<string, number>(3);
    expect(cache.get('nope')).to.be.undefined;
    expect(cache.size).to.equal(0);
  });

  [0, -1, 1.5].forEach((capacity) => {
    it(`rejects capacity ${capacity}`, function () {
      expect(() => new LRUCache(capacity)).to.throw(RangeError, `capacity must be a positive integer, got ${capacity}`);
    });
  });
});
