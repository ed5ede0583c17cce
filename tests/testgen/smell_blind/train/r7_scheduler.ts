export interface Job {
  id: string;
  run: () => void | Promise<void>;
}

export interface SchedulerDeps {
  now: () => number;
  store: { save(id: string, at: number): void; remove(id: string): void };
  logger: { info(msg: string): void };
  metrics: { increment(name: string): void };
}

export class Scheduler {
  private timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly deps: SchedulerDeps) {}

  schedule(job: Job, delayMs: number): number {
    if (delayMs < 0) throw new RangeError(`delay must be >= 0, got ${delayMs}`);
    if (this.timers.has(job.id)) throw new Error(`job ${job.id} already scheduled`);
    const at = this.deps.now() + delayMs;
    this.deps.store.save(job.id, at);
    const timer = setTimeout(async () => {
      this.timers.delete(job.id);
      this.deps.store.remove(job.id);
      await job.run();
      this.deps.metrics.increment('jobs.run');
    }, delayMs);
    this.timers.set(job.id, timer);
    this.deps.logger.info(`scheduled ${job.id} at ${at}`);
    return at;
  }

  cancel(id: string): boolean {
    const timer = this.timers.get(id);
    if (!timer) return false;
    clearTimeout(timer);
    this.timers.delete(id);
    this.deps.store.remove(id);
    return true;
  }

  pending(): string[] {
    return [...this.timers.keys()].sort();
  }
}
