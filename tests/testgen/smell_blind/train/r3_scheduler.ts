export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface Job {
  id: string;
  everyMs: number;
  run: () => void;
}

export class Scheduler {
  private jobs = new Map<string, { job: Job; nextAt: number }>();
  private timer: ReturnType<typeof setInterval> | null = null;
  public runs: string[] = [];

  constructor(private readonly clock: Clock = systemClock, private readonly tickMs = 100) {}

  add(job: Job): void {
    if (job.everyMs <= 0) throw new RangeError(`interval must be positive: ${job.id}`);
    if (this.jobs.has(job.id)) throw new Error(`duplicate job: ${job.id}`);
    this.jobs.set(job.id, { job, nextAt: this.clock.now() + job.everyMs });
  }

  remove(id: string): boolean {
    return this.jobs.delete(id);
  }

  nextRunAt(id: string): number | undefined {
    return this.jobs.get(id)?.nextAt;
  }

  tick(): void {
    const now = this.clock.now();
    for (const entry of this.jobs.values()) {
      while (entry.nextAt <= now) {
        entry.job.run();
        this.runs.push(entry.job.id);
        entry.nextAt += entry.job.everyMs;
      }
    }
  }

  start(): void {
    if (!this.timer) this.timer = setInterval(() => this.tick(), this.tickMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
