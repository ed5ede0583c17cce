'use strict';

/**
 * Read-through cache with node-style callbacks.
 * loader(key, cb) is called on a miss; concurrent misses for one key share a load.
 */
class FileCache {
  constructor({ ttlMs = 60000, now = Date.now } = {}) {
    this.ttlMs = ttlMs;
    this.now = now;
    this.entries = new Map();
    this.inflight = new Map();
  }

  get(key) {
    if (typeof key !== 'string' || key.length === 0) {
      throw new TypeError('cache key must be a non-empty string');
    }
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key, value) {
    this.entries.set(key, { value, storedAt: this.now() });
  }

  readThrough(key, loader, cb) {
    let cached;
    try {
      cached = this.get(key);
    } catch (err) {
      return process.nextTick(cb, err);
    }
    if (cached !== undefined) return process.nextTick(cb, null, cached);

    if (this.inflight.has(key)) {
      this.inflight.get(key).push(cb);
      return undefined;
    }
    this.inflight.set(key, [cb]);
    loader(key, (err, value) => {
      const waiters = this.inflight.get(key);
      this.inflight.delete(key);
      if (!err) this.set(key, value);
      for (const waiter of waiters) waiter(err, err ? undefined : value);
    });
    return undefined;
  }

  readThroughAsync(key, loader) {
    return new Promise((resolve, reject) => {
      this.readThrough(key, loader, (err, value) => (err ? reject(err) : resolve(value)));
    });
  }
}

module.exports = { FileCache };
