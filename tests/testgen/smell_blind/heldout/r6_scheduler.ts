export type Task<T> = () => Promise<T>;

export interface RetryOptions {
  retries: number;
  delayMs: number;
}

export class TimeoutError extends Error {
  constructor(public readonly ms: number) {
    super(`task timed out after ${ms}ms`);
    this.name = 'TimeoutError';
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function withTimeout<T>(task: Task<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
    task().then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

export async function withRetry<T>(task: Task<T>, { retries, delayMs }: RetryOptions): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    try {
      return await task();
    } catch (err) {
      lastError = err;
      if (attempt < retries) await delay(delayMs * 2 ** attempt);
    }
  }
  throw lastError;
}

export class Heartbeat {
  private timer: ReturnType<typeof setInterval> | null = null;
  public beats = 0;

  constructor(private readonly intervalMs: number, private readonly onBeat: (n: number) => void) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.beats += 1;
      this.onBeat(this.beats);
    }, this.intervalMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
