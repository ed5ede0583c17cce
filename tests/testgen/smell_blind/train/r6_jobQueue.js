'use strict';

const { EventEmitter } = require('events');

class JobQueue extends EventEmitter {
  constructor({ concurrency = 1, store, logger = console, metrics, clock = Date } = {}) {
    super();
    this.concurrency = concurrency;
    this.store = store;
    this.logger = logger;
    this.metrics = metrics;
    this.clock = clock;
    this.queue = [];
    this.running = 0;
  }

  add(name, handler) {
    const job = { id: `${name}-${this.queue.length + this.running + 1}`, name, handler };
    this.queue.push(job);
    setImmediate(() => this._drain());
    return job.id;
  }

  _drain() {
    while (this.running < this.concurrency && this.queue.length > 0) {
      const job = this.queue.shift();
      this.running += 1;
      const started = this.clock.now();
      Promise.resolve()
        .then(() => job.handler())
        .then(
          (result) => {
            if (this.store) this.store.put(job.id, result);
            if (this.metrics) this.metrics.timing('job.duration', this.clock.now() - started);
            this.emit('done', { id: job.id, result });
          },
          (error) => {
            this.logger.error(`job ${job.id} failed: ${error.message}`);
            if (this.metrics) this.metrics.increment('job.failed');
            this.emit('failed', { id: job.id, error });
          },
        )
        .finally(() => {
          this.running -= 1;
          if (this.queue.length === 0 && this.running === 0) this.emit('idle');
          else this._drain();
        });
    }
  }
}

module.exports = { JobQueue };
