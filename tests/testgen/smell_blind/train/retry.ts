export interface RetryOptions {
  attempts: number;
  delayMs: number;
  onRetry?: (attempt: number, error: unknown) => void;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function retryAsync<T>(fn: () => Promise<T>, { attempts, delayMs, onRetry }: RetryOptions): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      lastError = error;
      if (attempt < attempts) {
        onRetry?.(attempt, error);
        await delay(delayMs * 2 ** (attempt - 1));
      }
    }
  }
  throw lastError;
}
