const { debounce } = require('./r2_debounce');

const WAIT_MS = 200;

describe('debounce (fake timers)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('waits for a quiet period before calling', () => {
    const fn = jest.fn();
    const debounced = debounce(fn, WAIT_MS);

    debounced('first');
    jest.advanceTimersByTime(WAIT_MS - 1);
    expect(fn).not.toHaveBeenCalled();

    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledWith('first');
  });

  it('restarts the timer and uses the latest arguments', () => {
    const fn = jest.fn();
    const debounced = debounce(fn, WAIT_MS);

    debounced('a');
    jest.advanceTimersByTime(WAIT_MS / 2);
    debounced('b');
    jest.runAllTimers();

    expect(fn.mock.calls).toEqual([['b']]);
  });

  it('reports nothing pending after cancel', () => {
    const debounced = debounce(jest.fn(), WAIT_MS);
    debounced();
    debounced.cancel();
    expect(debounced.pending()).toBe(false);
  });
});
