export class RetryError extends Error {
  constructor(readonly attempts: number, readonly last: unknown) {
    super(`gave up after ${attempts} attempts`);
  }
}

export interface RetryOptions {
  attempts: number;
  baseDelayMs: number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function backoffDelay(attempt: number, baseDelayMs: number): number {
  return baseDelayMs * 2 ** (attempt - 1);
}

export async function retry<T>(fn: () => Promise<T>, opts: RetryOptions): Promise<T> {
  const sleep = opts.sleep ?? realSleep;
  let last: unknown;
  for (let attempt = 1; attempt <= opts.attempts; attempt++) {
    try {
      return await fn();
    } catch (err) {
      last = err;
      if (attempt < opts.attempts) await sleep(backoffDelay(attempt, opts.baseDelayMs));
    }
  }
  throw new RetryError(opts.attempts, last);
}
