import { expect } from 'chai';
import { LruCache } from './r3_lru';

describe('LruCache', () => {
  it('keeps keys in recency order', () => {
    const cache = new LruCache<string, number>(3);
    cache.set('a', 1).set('b', 2).set('c', 3);
    cache.get('a');
    expect(cache.keys()).to.deep.equal(['b', 'c', 'a']);
  });

  it('drops the oldest key when full', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1).set('b', 2).set('c', 3);
    expect(cache.keys()).to.deep.equal(['b', 'c']);
  });

  it('reports the hit rate', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    ['a', 'a', 'b', 'a', 'c'].forEach((k) => cache.get(k));
    const expected = cache.hits / (cache.hits + cache.misses);
    expect(cache.hitRate()).to.equal(expected);
  });

  it('updating a key does not grow the cache', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1).set('a', 2);
    expect(cache.size).to.equal(1);
  });
});
