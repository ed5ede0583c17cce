import { describe, it, expect, vi } from 'vitest';
import { retry } from './r4_retry';

const noSleep = async () => {};

describe('retry', () => {
  it('retries until success', async () => {
    const fn = vi.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValue(7);
    expect(await retry(fn, { attempts: 2, baseDelayMs: 1, sleep: noSleep })).toBe(7);
  });

  it('gives up eventually', async () => {
    const fn = vi.fn().mockRejectedValue(new Error('down'));
    await expect(retry(fn, { attempts: 3, baseDelayMs: 1, sleep: noSleep })).rejects.toThrow();
  });
});
