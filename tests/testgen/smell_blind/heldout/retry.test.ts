import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryAsync } from './retry';

const BASE_DELAY_MS = 100;

describe('retryAsync', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('backs off exponentially between attempts', async () => {
    const op = vi
      .fn()
      .mockRejectedValueOnce(new Error('e1'))
      .mockRejectedValueOnce(new Error('e2'))
      .mockResolvedValue('done');

    const promise = retryAsync(op, { attempts: 3, delayMs: BASE_DELAY_MS });

    await vi.advanceTimersByTimeAsync(BASE_DELAY_MS);
    expect(op).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(BASE_DELAY_MS * 2 - 1);
    expect(op).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toBe('done');
  });

  it('rethrows the last error once attempts are exhausted', async () => {
    const op = vi.fn().mockRejectedValue(new Error('still down'));

    const promise = retryAsync(op, { attempts: 2, delayMs: BASE_DELAY_MS });
    const settled = expect(promise).rejects.toThrow('still down');
    await vi.runAllTimersAsync();

    await settled;
    expect(op).toHaveBeenCalledTimes(2);
  });
});
