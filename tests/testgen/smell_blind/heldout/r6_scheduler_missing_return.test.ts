import { withRetry, withTimeout } from './r6_scheduler';

describe('withRetry', () => {
  it('returns the value once the task succeeds', () => {
    let calls = 0;
    const task = async () => {
      calls += 1;
      if (calls < 2) throw new Error('flaky');
      return 'ok';
    };

    withRetry(task, { retries: 3, delayMs: 0 }).then((value) => {
      expect(value).toBe('ok');
      expect(calls).toBe(2);
    });
  });

  it('rethrows the last error when retries run out', () => {
    const task = () => Promise.reject(new Error('down'));
    withRetry(task, { retries: 1, delayMs: 0 }).catch((err: Error) => {
      expect(err.message).toBe('down');
    });
  });
});

describe('withTimeout', () => {
  it('resolves fast tasks', async () => {
    const result = withTimeout(async () => 42, 1000);
    expect(result).resolves;
  });
});
