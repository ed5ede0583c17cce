'use strict';

class RetryQueue {
  constructor(worker, { maxAttempts = 3, delayMs = 1000 } = {}) {
    this.worker = worker;
    this.maxAttempts = maxAttempts;
    this.delayMs = delayMs;
    this.done = [];
    this.failed = [];
  }

  push(job) {
    this._run(job, 1);
  }

  _run(job, attempt) {
    try {
      this.worker(job);
      this.done.push(job);
    } catch (err) {
      if (attempt >= this.maxAttempts) {
        this.failed.push({ job, error: err.message, attempts: attempt });
        return;
      }
      setTimeout(() => this._run(job, attempt + 1), this.delayMs * attempt);
    }
  }
}

module.exports = { RetryQueue };
