import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LruCache } from './r3_lru';

function filled(capacity: number, entries: Array<[string, number]>) {
  const cache = new LruCache<string, number>(capacity);
  const evicted: Array<[string, number]> = [];
  cache.onEvict = (k, v) => evicted.push([k, v]);
  for (const [k, v] of entries) cache.set(k, v);
  return { cache, evicted };
}

describe('LruCache', () => {
  it('evicts least recently used and reports it', () => {
    const { cache, evicted } = filled(2, [['a', 1], ['b', 2]]);
    cache.get('a');
    cache.set('c', 3);
    assert.deepEqual(evicted, [['b', 2]]);
    assert.deepEqual(cache.keys(), ['a', 'c']);
  });

  it('a read refreshes recency', () => {
    const { cache } = filled(3, [['a', 1], ['b', 2], ['c', 3]]);
    cache.get('a');
    assert.deepEqual(cache.keys(), ['b', 'c', 'a']);
  });

  it('overwriting keeps size and moves key to the end', () => {
    const { cache, evicted } = filled(2, [['a', 1], ['b', 2], ['a', 9]]);
    assert.equal(cache.size, 2);
    assert.deepEqual(cache.keys(), ['b', 'a']);
    assert.equal(cache.get('a'), 9);
    assert.deepEqual(evicted, []);
  });

  it('hit rate counts hits over lookups', () => {
    const { cache } = filled(2, [['a', 1]]);
    for (const k of ['a', 'a', 'b', 'a']) cache.get(k);
    assert.equal(cache.hitRate(), 0.75);
  });

  it('empty cache has zero hit rate', () => {
    assert.equal(new LruCache(1).hitRate(), 0);
  });

  for (const bad of [0, -1, 1.5]) {
    it(`capacity ${bad} is rejected`, () => {
      assert.throws(() => new LruCache(bad), { name: 'RangeError', message: 'capacity must be a positive integer' });
    });
  }
});
