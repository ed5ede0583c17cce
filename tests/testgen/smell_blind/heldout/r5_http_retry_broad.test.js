import { describe, it, expect, vi } from 'vitest';
import { fetchWithRetry, isRetryable } from './r5_http_retry';

const noSleep = () => Promise.resolve();
const quietLogger = { warn: () => {} };

describe('isRetryable', () => {
  it.each([
    [429, true],
    [500, true],
    [503, true],
    [400, false],
    [404, false],
  ])('status %i -> %s', (status, expected) => {
    expect(isRetryable(status)).toBe(expected);
  });
});

describe('fetchWithRetry', () => {
  it('gives up when every attempt fails', async () => {
    const fetch = vi.fn().mockRejectedValue(new Error('socket hang up'));
    await expect(
      fetchWithRetry('/orders', { fetch, sleep: noSleep, logger: quietLogger }),
    ).rejects.toThrow();
  });

  it('does not retry a 400', async () => {
    const fetch = vi.fn().mockResolvedValue({ ok: false, status: 400 });
    await expect(fetchWithRetry('/orders', { fetch, sleep: noSleep, logger: quietLogger })).rejects.toThrow();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
