const { debounce } = require('./r4_debounce');

const WAIT_MS = 200;

describe('debounce with fake timers', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('fires once with the last arguments', () => {
    const fn = jest.fn();
    const d = debounce(fn, WAIT_MS);
    d(1);
    jest.advanceTimersByTime(WAIT_MS - 50);
    d(2);
    jest.advanceTimersByTime(WAIT_MS - 1); // restarted: one ms short
    expect(fn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(2);
  });

  it('cancel drops the pending call', () => {
    const fn = jest.fn();
    const d = debounce(fn, WAIT_MS);
    d();
    d.cancel();
    jest.runAllTimers();
    expect(fn).not.toHaveBeenCalled();
    expect(d.pending()).toBe(false);
  });
});
