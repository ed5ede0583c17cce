'use strict';

class JobQueue {
  constructor({ concurrency = 1, store } = {}) {
    this.concurrency = concurrency;
    this.store = store;
    this.pending = [];
    this.running = 0;
    this.done = [];
  }

  push(job, priority = 0) {
    this.pending.push({ job, priority });
    this.pending.sort((a, b) => b.priority - a.priority);
    return this.pending.length;
  }

  async drain() {
    while (this.pending.length) {
      const batch = this.pending.splice(0, this.concurrency);
      this.running = batch.length;
      const results = await Promise.all(batch.map(({ job }) => job()));
      this.done.push(...results);
      if (this.store) await this.store.save(results);
      this.running = 0;
    }
    return this.done.slice();
  }
}

module.exports = { JobQueue };
