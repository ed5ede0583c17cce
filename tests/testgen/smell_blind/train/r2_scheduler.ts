export type Task = () => Promise<void>;

export interface SchedulerOptions {
  retries: number;
  retryDelayMs: number;
}

export class Scheduler {
  private queue: Task[] = [];
  private running = false;
  readonly failures: Error[] = [];

  constructor(private readonly options: SchedulerOptions = { retries: 2, retryDelayMs: 1000 }) {}

  enqueue(task: Task): void {
    this.queue.push(task);
    if (!this.running) void this.drain();
  }

  get idle(): boolean {
    return !this.running && this.queue.length === 0;
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.queue.length > 0) {
      const task = this.queue.shift()!;
      await this.runWithRetry(task);
    }
    this.running = false;
  }

  private async runWithRetry(task: Task): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await task();
        return;
      } catch (err) {
        if (attempt >= this.options.retries) {
          this.failures.push(err as Error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, this.options.retryDelayMs));
      }
    }
  }
}
