export class LRUCache<K, V> {
  private readonly map = new Map<K, V>();
  private evictions = 0;

  constructor(private readonly capacity: number, private readonly onEvict?: (key: K, value: V) => void) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
    }
  }

  get size(): number {
    return this.map.size;
  }

  get evictionCount(): number {
    return this.evictions;
  }

  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key) as V;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): this {
    if (this.map.has(key)) this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) {
      const [oldestKey, oldestValue] = this.map.entries().next().value as [K, V];
      this.map.delete(oldestKey);
      this.evictions += 1;
      this.onEvict?.(oldestKey, oldestValue);
    }
    return this;
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  keys(): K[] {
    return [...this.map.keys()];
  }
}
