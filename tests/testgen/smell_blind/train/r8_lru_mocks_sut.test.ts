import { describe, it, expect, vi, afterEach } from 'vitest';
import { LruMap } from './r8_lru';

describe('LruMap', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('size grows with inserts', () => {
    const lru = new LruMap<string, number>(4);
    lru.set('a', 1).set('b', 2);
    expect(lru.size).toBe(2);
  });

  it('getOrCompute returns the cached value on a hit', () => {
    const lru = new LruMap<string, number>(4);
    const spy = vi.spyOn(LruMap.prototype, 'getOrCompute').mockReturnValue(42);

    const value = lru.getOrCompute('answer', () => 0);

    expect(value).toBe(42);
    expect(spy).toHaveBeenCalledOnce();
  });

  it('set on an existing key moves it to the end', () => {
    const lru = new LruMap<string, number>(3);
    lru.set('a', 1).set('b', 2).set('a', 3);
    expect(lru.keys()).toEqual(['b', 'a']);
  });
});
