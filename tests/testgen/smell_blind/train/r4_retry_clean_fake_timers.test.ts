import { describe, it, expect, vi, afterEach } from 'vitest';
import { retry, RetryError, backoffDelay } from './r4_retry';

afterEach(() => vi.useRealTimers());

describe('retry', () => {
  it('uses exponential backoff with fake timers', async () => {
    vi.useFakeTimers();
    const fn = vi.fn()
      .mockRejectedValueOnce(new Error('a'))
      .mockRejectedValueOnce(new Error('b'))
      .mockResolvedValue('done');
    const p = retry(fn, { attempts: 3, baseDelayMs: 100 });
    await vi.advanceTimersByTimeAsync(100);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    await expect(p).resolves.toBe('done');
  });

  it('records delays through an injected sleep', async () => {
    const delays: number[] = [];
    const fn = vi.fn().mockRejectedValue(new Error('down'));
    await expect(
      retry(fn, { attempts: 4, baseDelayMs: 50, sleep: async (ms) => { delays.push(ms); } }),
    ).rejects.toThrow(/gave up after 4 attempts/);
    expect(delays).toEqual([50, 100, 200]);
  });

  it.each([[1, 10, 10], [2, 10, 20], [5, 10, 160]])('backoffDelay(%i, %i) = %i', (a, b, want) => {
    expect(backoffDelay(a, b)).toBe(want);
  });
});
