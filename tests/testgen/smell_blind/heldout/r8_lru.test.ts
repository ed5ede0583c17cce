import { LruMap } from './r8_lru';

describe('LruMap', () => {
  test('returns undefined for missing keys', () => {
    expect(new LruMap<string, number>(2).get('x')).toBeUndefined();
  });

  test('evicts the least recently used entry', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1).set('b', 2);
    lru.get('a');
    lru.set('c', 3);
    expect(lru.keys()).toEqual(['a', 'c']);
  });

  test('peek does not refresh recency', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1).set('b', 2);
    lru.peek('a');
    lru.set('c', 3);
    expect(lru.keys()).toEqual(['b', 'c']);
  });

  test('calls onEvict with the evicted pair', () => {
    const onEvict = jest.fn();
    const lru = new LruMap<string, number>(1, onEvict);
    lru.set('a', 1).set('b', 2);
    expect(onEvict).toHaveBeenCalledWith('a', 1);
  });

  test('getOrCompute computes once and then hits the cache', () => {
    const lru = new LruMap<string, number>(3);
    const compute = jest.fn((k: string) => k.length);
    expect(lru.getOrCompute('hello', compute)).toBe(5);
    expect(lru.getOrCompute('hello', compute)).toBe(5);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  test.each([0, -3, 2.5])('rejects maxSize %p', (size) => {
    expect(() => new LruMap(size)).toThrow(RangeError);
    expect(() => new LruMap(size)).toThrow(`maxSize must be a positive integer, got ${size}`);
  });
});
