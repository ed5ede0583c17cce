const { debounce } = require('./r6_debounce');

describe('debounce with fake timers', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits for the quiet period before calling through', () => {
    const save = jest.fn();
    const debounced = debounce(save, 100);

    debounced('a');
    jest.advanceTimersByTime(99);
    debounced('b');
    jest.advanceTimersByTime(99);
    expect(save).not.toHaveBeenCalled();

    jest.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('b');
  });

  it('flush runs the pending call immediately', () => {
    const save = jest.fn();
    const debounced = debounce(save, 1000);
    debounced(42);

    debounced.flush();

    expect(save).toHaveBeenCalledWith(42);
    expect(debounced.pending()).toBe(false);
  });

  it('cancel drops the pending call', () => {
    const save = jest.fn();
    const debounced = debounce(save, 100);
    debounced('x');
    debounced.cancel();
    jest.runAllTimers();
    expect(save).not.toHaveBeenCalled();
  });
});
