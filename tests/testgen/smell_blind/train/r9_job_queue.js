'use strict';

class JobQueue {
  constructor({ concurrency = 1, maxAttempts = 3, retryDelayMs = 1000 } = {}) {
    this.concurrency = concurrency;
    this.maxAttempts = maxAttempts;
    this.retryDelayMs = retryDelayMs;
    this.pending = [];
    this.running = 0;
    this.completed = [];
    this.failed = [];
  }

  add(name, handler) {
    this.pending.push({ name, handler, attempts: 0 });
    this._drain();
  }

  _drain() {
    while (this.running < this.concurrency && this.pending.length > 0) {
      const job = this.pending.shift();
      this._run(job);
    }
  }

  async _run(job) {
    this.running += 1;
    job.attempts += 1;
    try {
      const result = await job.handler();
      this.completed.push({ name: job.name, result, attempts: job.attempts });
    } catch (err) {
      if (job.attempts < this.maxAttempts) {
        setTimeout(() => {
          this.pending.push(job);
          this._drain();
        }, this.retryDelayMs * job.attempts);
      } else {
        this.failed.push({ name: job.name, error: err.message, attempts: job.attempts });
      }
    } finally {
      this.running -= 1;
      this._drain();
    }
  }

  stats() {
    return {
      pending: this.pending.length,
      running: this.running,
      completed: this.completed.length,
      failed: this.failed.length,
    };
  }
}

module.exports = { JobQueue };
