export class JobQueue {
  constructor() {
    this.jobs = [];
    this.processed = 0;
  }

  enqueue(name, priority = 0) {
    if (!name) throw new Error('job name is required');
    this.jobs.push({ name, priority, seq: this.jobs.length + this.processed });
    this.jobs.sort((a, b) => b.priority - a.priority || a.seq - b.seq);
  }

  next() {
    const job = this.jobs.shift();
    if (job) this.processed += 1;
    return job ?? null;
  }

  stats() {
    return {
      pending: this.jobs.length,
      processed: this.processed,
      nextUp: this.jobs[0]?.name ?? null,
      highestPriority: this.jobs[0]?.priority ?? null,
    };
  }
}
