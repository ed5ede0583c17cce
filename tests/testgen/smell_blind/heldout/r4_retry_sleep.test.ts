import { retry, RetryError } from './r4_retry';

describe('retry', () => {
  test('returns first success', async () => {
    const fn = jest.fn().mockResolvedValue('ok');
    await expect(retry(fn, { attempts: 3, baseDelayMs: 10, sleep: async () => {} })).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  test('backs off between failures', async () => {
    const fn = jest.fn().mockRejectedValueOnce(new Error('flaky')).mockResolvedValue('ok');
    const started = Date.now();
    await retry(fn, { attempts: 2, baseDelayMs: 200 });
    await new Promise((r) => setTimeout(r, 50));
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
