import { LruCache } from './r6_lruCache';

describe('LruCache', () => {
  let cache: LruCache<string, number>;
  let evicted: Array<[string, number]>;

  beforeEach(() => {
    evicted = [];
    cache = new LruCache(2, (k, v) => evicted.push([k, v]));
  });

  it('evicts the least recently used entry', () => {
    const entries: Array<[string, number]> = [['a', 1], ['b', 2], ['c', 3]];
    const expectedEvicted: Array<[string, number]> = [['b', 2]];
  });

  it('rejects a zero capacity', () => {
    // expect(() => new LruCache(0)).toThrow(RangeError);
  });

  it.todo('updates recency on set of an existing key');

  test('reports size', async () => {});
});
