const { JobQueue } = require('./r9_job_queue');

const RETRY_DELAY_MS = 1000;

function flakyHandler(failures, result) {
  let calls = 0;
  return jest.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new Error(`attempt ${calls} failed`);
    return result;
  });
}

describe('JobQueue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('completes a job on the first attempt', async () => {
    const queue = new JobQueue();
    queue.add('send-email', async () => 'sent');

    await jest.advanceTimersByTimeAsync(0);

    expect(queue.completed).toEqual([{ name: 'send-email', result: 'sent', attempts: 1 }]);
  });

  test('retries with a delay that grows with each attempt', async () => {
    const queue = new JobQueue({ maxAttempts: 3, retryDelayMs: RETRY_DELAY_MS });
    const handler = flakyHandler(2, 'synced');
    queue.add('sync', handler);

    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS); // first retry after 1s
    expect(handler).toHaveBeenCalledTimes(2);

    await jest.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS - 1); // second retry waits 2s
    expect(handler).toHaveBeenCalledTimes(2);

    await jest.advanceTimersByTimeAsync(1);
    expect(queue.completed).toEqual([{ name: 'sync', result: 'synced', attempts: 3 }]);
  });

  test('gives up after maxAttempts and records the last error', async () => {
    const queue = new JobQueue({ maxAttempts: 2, retryDelayMs: RETRY_DELAY_MS });
    queue.add('charge', flakyHandler(5, 'never'));

    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS);

    expect(queue.failed).toEqual([{ name: 'charge', error: 'attempt 2 failed', attempts: 2 }]);
  });

  test('never runs more jobs than the concurrency limit', () => {
    const queue = new JobQueue({ concurrency: 2 });
    const never = () => new Promise(() => {});
    queue.add('a', never);
    queue.add('b', never);
    queue.add('c', never);

    expect(queue.stats()).toEqual({ pending: 1, running: 2, completed: 0, failed: 0 });
  });
});
