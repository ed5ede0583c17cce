import { Scheduler } from './r2_scheduler';

const RETRY_DELAY_MS = 1000;

describe('Scheduler retries (fake timers)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('waits the retry delay before trying again', async () => {
    const scheduler = new Scheduler({ retries: 1, retryDelayMs: RETRY_DELAY_MS });
    const task = jest.fn().mockRejectedValueOnce(new Error('transient')).mockResolvedValueOnce(undefined);

    scheduler.enqueue(task);
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(task).toHaveBeenCalledTimes(1);

    await jest.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('records the error once retries are exhausted', async () => {
    const scheduler = new Scheduler({ retries: 2, retryDelayMs: RETRY_DELAY_MS });
    const boom = new Error('still down');

    scheduler.enqueue(() => Promise.reject(boom));
    await jest.runAllTimersAsync();

    expect(scheduler.failures).toEqual([boom]);
    expect(scheduler.idle).toBe(true);
  });
});
