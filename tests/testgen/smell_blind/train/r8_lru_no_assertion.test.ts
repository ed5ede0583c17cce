import { describe, it, expect, vi } from 'vitest';
import { LruMap } from './r8_lru';

describe('LruMap', () => {
  it('stores and returns values', () => {
    const lru = new LruMap<string, string>(2);
    lru.set('k', 'v');
    expect(lru.get('k')).toBe('v');
  });

  it('keeps the most recent entries when over capacity', () => {
    const lru = new LruMap<number, string>(3);
    [1, 2, 3, 4, 5].forEach((n) => lru.set(n, `v${n}`));
    expect(lru.keys());
    expect(lru.size);
  });

  it('delete removes the key', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1);
    expect(lru.delete('a')).toBe(true);
    expect(lru.size).toBe(0);
  });

  it('onEvict is not called while under capacity', () => {
    const onEvict = vi.fn();
    new LruMap<string, number>(5, onEvict).set('a', 1);
    expect(onEvict).not.toHaveBeenCalled();
  });
});
