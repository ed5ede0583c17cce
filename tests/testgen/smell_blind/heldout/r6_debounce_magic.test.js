const { debounce } = require('./r6_debounce');

describe('debounce timing', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('fires after the wait window', () => {
    const fn = jest.fn();
    const d = debounce(fn, 437);

    d(3);
    jest.advanceTimersByTime(291);
    d(17);
    jest.advanceTimersByTime(436);
    expect(fn).not.toHaveBeenCalled();

    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledWith(17);
  });

  it('coalesces a burst', () => {
    const fn = jest.fn();
    const d = debounce(fn, 83);
    for (let i = 0; i < 29; i += 1) {
      d(i);
      jest.advanceTimersByTime(61);
    }
    jest.advanceTimersByTime(83);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(28);
  });
});
