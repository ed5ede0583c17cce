import { expect } from 'chai';
import { LRUCache } from './r5_lru';

describe('LRUCache', function () {
  it('size starts at zero', function () {
    expect(new LRUCache<string, number>(1).size).to.equal(0);
  });

  it('behaves correctly', function () {
    const evicted: string[] = [];
    const cache = new LRUCache<string, number>(2, (k) => evicted.push(k));
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.size).to.equal(2);
    expect(cache.get('a')).to.equal(1);
    cache.set('c', 3);
    expect(evicted).to.deep.equal(['b']);
    expect(cache.peek('b')).to.be.undefined;
    expect(cache.keys()).to.deep.equal(['a', 'c']);
    expect(cache.delete('a')).to.be.true;
    expect(cache.delete('zzz')).to.be.false;
    expect(cache.evictionCount).to.equal(1);
    expect(() => new LRUCache(0)).to.throw(RangeError);
    expect(cache.get('missing')).to.be.undefined;
    expect(cache.size).to.equal(1);
  });
});
