import { LRUCache } from './r5_lru';

describe('LRUCache', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('throws for a zero capacity', () => {
    expect(() => new LRUCache(0)).toThrow('capacity must be a positive integer, got 0');
  });

  it('get returns the stored value and refreshes recency', () => {
    const getSpy = jest.spyOn(LRUCache.prototype, 'get').mockReturnValue('blue');
    const cache = new LRUCache<string, string>(2);
    cache.set('color', 'blue');

    expect(cache.get('color')).toBe('blue');
    expect(getSpy).toHaveBeenCalledWith('color');
  });

  it('peek does not change the eviction order', () => {
    const cache = new LRUCache<string, number>(2);
    cache.set('a', 1).set('b', 2);
    cache.peek('a');
    cache.set('c', 3);
    expect(cache.keys()).toEqual(['b', 'c']);
  });
});
