const { debounce } = require('./r3_debounce');

const WAIT_MS = 200;

describe('debounce with fake timers', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('fires once, after the quiet period, with the last arguments', () => {
    const fn = jest.fn();
    const d = debounce(fn, WAIT_MS);
    d(1);
    d(2);
    jest.advanceTimersByTime(WAIT_MS - 1);
    expect(fn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(2);
  });

  test('each call restarts the timer', () => {
    const fn = jest.fn();
    const d = debounce(fn, WAIT_MS);
    d();
    jest.advanceTimersByTime(WAIT_MS / 2);
    d();
    jest.advanceTimersByTime(WAIT_MS / 2);
    expect(fn).not.toHaveBeenCalled();
  });

  test('leading mode fires immediately and not again on trailing edge', () => {
    const fn = jest.fn();
    const d = debounce(fn, WAIT_MS, { leading: true });
    d('x');
    d('y');
    expect(fn).toHaveBeenCalledWith('x');
    jest.runAllTimers();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  test('cancel drops the pending call', () => {
    const fn = jest.fn();
    const d = debounce(fn, WAIT_MS);
    d();
    d.cancel();
    jest.runAllTimers();
    expect(fn).not.toHaveBeenCalled();
  });
});
