import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProfileClient, TimeoutError } from './r10_fetchProfile';

describe('fetchProfile timeouts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('rejects with TimeoutError when the server hangs', async () => {
    const http = { get: () => new Promise(() => {}) };
    const client = createProfileClient(http, { timeoutMs: 500 });

    const pending = client.fetchProfile('u1');
    const assertion = expect(pending).rejects.toThrow(new TimeoutError(500));
    await vi.advanceTimersByTimeAsync(500);

    await assertion;
  });

  it('expired cache entries are fetched again', async () => {
    let nowMs = 0;
    const http = {
      get: vi.fn().mockResolvedValue({ status: 200, body: { id: 'u1', first_name: 'Ada', last_name: '' } }),
    };
    const client = createProfileClient(http, { ttlMs: 1000, now: () => nowMs });

    await client.fetchProfile('u1');
    nowMs = 1000;
    const profile = await client.fetchProfile('u1');

    expect(profile).toEqual({ id: 'u1', name: 'Ada' });
    expect(http.get).toHaveBeenCalledTimes(2);
  });
});
