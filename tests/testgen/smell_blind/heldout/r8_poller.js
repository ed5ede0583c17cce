'use strict';

const { EventEmitter } = require('node:events');

class Poller extends EventEmitter {
  constructor(fetchFn, { intervalMs = 1000, maxFailures = 3 } = {}) {
    super();
    this.fetchFn = fetchFn;
    this.intervalMs = intervalMs;
    this.maxFailures = maxFailures;
    this.failures = 0;
    this.timer = null;
    this.last = undefined;
  }

  async tick() {
    try {
      const value = await this.fetchFn();
      this.failures = 0;
      if (value !== this.last) {
        this.last = value;
        this.emit('change', value);
      }
    } catch (err) {
      this.failures += 1;
      this.emit('error', err);
      if (this.failures >= this.maxFailures) this.stop();
    }
  }

  start() {
    if (this.timer) return this;
    this.timer = setInterval(() => {
      this.tick();
    }, this.intervalMs);
    return this;
  }

  stop() {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
      this.emit('stopped');
    }
    return this;
  }

  get running() {
    return this.timer !== null;
  }
}

module.exports = { Poller };
