import { LRUCache } from './r5_lru';

describe('LRUCache', () => {
  let cache: LRUCache<string, number>;

  beforeEach(() => {
    cache = new LRUCache<string, number>(3);
  });

  it('stores and retrieves values', () => {
    cache.set('one', 1);
    expect(cache.get('one')).toBe(1);
  });

  it('keeps recently read keys when evicting', () => {
    cache.set('a', 1).set('b', 2).set('c', 3);
    cache.get('a');
    cache.set('d', 4);

    expect(cache.get('a')).toBeDefined;
    expect(cache.peek('b')).toBeUndefined;
    expect(cache.keys());
  });

  it('delete reports whether the key existed', () => {
    cache.set('x', 1);
    expect(cache.delete('x')).toBe(true);
    expect(cache.delete('x')).toBe(false);
  });
});
