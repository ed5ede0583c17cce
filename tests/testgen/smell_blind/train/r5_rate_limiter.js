'use strict';

class TokenBucket {
  constructor({ capacity, refillPerSecond, now = Date.now }) {
    if (!(capacity > 0)) throw new RangeError('capacity must be > 0');
    if (!(refillPerSecond > 0)) throw new RangeError('refillPerSecond must be > 0');
    this.capacity = capacity;
    this.refillPerSecond = refillPerSecond;
    this.now = now;
    this.tokens = capacity;
    this.lastRefill = now();
  }

  _refill() {
    const t = this.now();
    const elapsed = (t - this.lastRefill) / 1000;
    if (elapsed > 0) {
      this.tokens = Math.min(this.capacity, this.tokens + elapsed * this.refillPerSecond);
      this.lastRefill = t;
    }
  }

  tryRemove(count = 1) {
    this._refill();
    if (count > this.capacity) throw new RangeError(`cannot remove ${count} tokens from a bucket of ${this.capacity}`);
    if (this.tokens >= count) {
      this.tokens -= count;
      return true;
    }
    return false;
  }

  msUntilAvailable(count = 1) {
    this._refill();
    if (this.tokens >= count) return 0;
    return Math.ceil(((count - this.tokens) / this.refillPerSecond) * 1000);
  }
}

module.exports = { TokenBucket };
