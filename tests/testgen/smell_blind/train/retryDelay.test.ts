import { describe, expect, it, vi } from 'vitest';
import { retryAsync } from './retry';

const DELAY_MS = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('retryAsync', () => {
  it('waits before the second attempt', async () => {
    const op = vi.fn().mockRejectedValueOnce(new Error('flaky')).mockResolvedValue('ok');

    const promise = retryAsync(op, { attempts: 2, delayMs: DELAY_MS });
    await sleep(DELAY_MS / 2);
    expect(op).toHaveBeenCalledTimes(1);

    await sleep(DELAY_MS);
    await expect(promise).resolves.toBe('ok');
    expect(op).toHaveBeenCalledTimes(2);
  });
});
