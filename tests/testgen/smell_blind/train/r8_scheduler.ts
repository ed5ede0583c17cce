export interface Job {
  id: number;
  name: string;
  runAt: number;
  cancelled: boolean;
  done: boolean;
}

export type Clock = () => number;

export class Scheduler {
  private nextId = 1;
  private readonly jobs = new Map<number, { job: Job; handle: ReturnType<typeof setTimeout> }>();

  constructor(private readonly clock: Clock = Date.now) {}

  schedule(name: string, delayMs: number, fn: () => void): Job {
    if (delayMs < 0) throw new RangeError(`delay must be >= 0, got ${delayMs}`);
    const job: Job = { id: this.nextId++, name, runAt: this.clock() + delayMs, cancelled: false, done: false };
    const handle = setTimeout(() => {
      this.jobs.delete(job.id);
      job.done = true;
      fn();
    }, delayMs);
    this.jobs.set(job.id, { job, handle });
    return job;
  }

  cancel(id: number): boolean {
    const entry = this.jobs.get(id);
    if (!entry) return false;
    clearTimeout(entry.handle);
    entry.job.cancelled = true;
    this.jobs.delete(id);
    return true;
  }

  cancelAll(): number {
    const ids = [...this.jobs.keys()];
    ids.forEach((id) => this.cancel(id));
    return ids.length;
  }

  pending(): Job[] {
    return [...this.jobs.values()].map((e) => e.job).sort((a, b) => a.runAt - b.runAt);
  }

  debounce<A extends unknown[]>(delayMs: number, fn: (...args: A) => void): (...args: A) => void {
    let handle: ReturnType<typeof setTimeout> | undefined;
    return (...args: A) => {
      if (handle) clearTimeout(handle);
      handle = setTimeout(() => fn(...args), delayMs);
    };
  }
}
