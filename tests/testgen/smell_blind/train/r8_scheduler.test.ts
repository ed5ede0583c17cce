import { Scheduler } from './r8_scheduler';

describe('Scheduler', () => {
  let now: number;
  let scheduler: Scheduler;

  beforeEach(() => {
    jest.useFakeTimers();
    now = 1_000;
    scheduler = new Scheduler(() => now);
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  test('runs a job once its delay has elapsed', () => {
    const fn = jest.fn();
    const job = scheduler.schedule('report', 5_000, fn);

    jest.advanceTimersByTime(4_999);
    expect(fn).not.toHaveBeenCalled();

    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(job.done).toBe(true);
  });

  test('runAt uses the injected clock', () => {
    expect(scheduler.schedule('x', 250, () => {}).runAt).toBe(1_250);
  });

  test('cancelled jobs never run', () => {
    const fn = jest.fn();
    const job = scheduler.schedule('cleanup', 100, fn);
    expect(scheduler.cancel(job.id)).toBe(true);
    jest.runAllTimers();
    expect(fn).not.toHaveBeenCalled();
  });

  test('pending jobs are ordered by run time', () => {
    scheduler.schedule('late', 300, () => {});
    scheduler.schedule('early', 100, () => {});
    expect(scheduler.pending().map((j) => j.name)).toEqual(['early', 'late']);
  });

  test('debounce only fires for the last call', () => {
    const fn = jest.fn();
    const debounced = scheduler.debounce(200, fn);
    debounced('a');
    jest.advanceTimersByTime(150);
    debounced('b');
    jest.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('b');
  });

  test('negative delays are rejected', () => {
    expect(() => scheduler.schedule('bad', -1, () => {})).toThrow(new RangeError('delay must be >= 0, got -1'));
  });
});
