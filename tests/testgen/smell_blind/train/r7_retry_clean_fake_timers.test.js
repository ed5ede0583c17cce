const { retry, RetryError } = require('./r7_retry');

describe('retry with fake timers', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('waits 100ms then 200ms between attempts', async () => {
    const fn = jest.fn()
      .mockRejectedValueOnce(new Error('a'))
      .mockRejectedValueOnce(new Error('b'))
      .mockResolvedValue('ok');

    const promise = retry(fn);
    await jest.advanceTimersByTimeAsync(99);
    expect(fn).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(200);
    await expect(promise).resolves.toBe('ok');
  });

  test('rejects with RetryError carrying the last cause', async () => {
    const fn = jest.fn().mockRejectedValue(new Error('down'));
    const promise = retry(fn, { attempts: 2 });
    const assertion = expect(promise).rejects.toThrow(new RetryError(2, new Error('down')).message);
    await jest.runAllTimersAsync();
    await assertion;
  });
});
