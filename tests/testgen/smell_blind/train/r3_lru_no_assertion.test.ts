import { describe, it, expect } from 'vitest';
import { LruCache } from './r3_lru';

describe('LruCache', () => {
  it('returns stored values', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    expect(cache.get('a')).toBe(1);
  });

  it('evicts the least recently used entry', () => {
    const cache = new LruCache<string, number>(2);
    cache.onEvict = (key, value) => {
      expect(key).toBe('b');
      expect(value).toBe(2);
    };
    cache.set('a', 1).set('b', 2);
    cache.get('a');
    cache.set('a', 10);
  });

  it('counts hits and misses', () => {
    const cache = new LruCache<string, number>(1);
    cache.set('x', 1);
    cache.get('x');
    cache.get('y');
    expect(cache.hitRate()).toBe(0.5);
  });

  it('rejects a zero capacity', () => {
    expect(() => new LruCache(0)).toThrow(new RangeError('capacity must be a positive integer'));
  });
});
