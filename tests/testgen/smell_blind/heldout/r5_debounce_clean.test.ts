import { debounce } from './r5_debounce';

describe('debounce', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  const WAIT_MS = 300;

  it('calls the function once, after the quiet period, with the last arguments', () => {
    const save = jest.fn();
    const debounced = debounce(save, WAIT_MS);

    debounced('a');
    jest.advanceTimersByTime(WAIT_MS - 1);
    debounced('ab');
    jest.advanceTimersByTime(WAIT_MS - 1);
    expect(save).not.toHaveBeenCalled();

    jest.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('ab');
  });

  it('cancel() drops the pending call', () => {
    const save = jest.fn();
    const debounced = debounce(save, WAIT_MS);
    debounced('x');
    debounced.cancel();
    jest.runAllTimers();
    expect(save).not.toHaveBeenCalled();
    expect(debounced.pending()).toBe(false);
  });

  it('flush() runs the pending call immediately', () => {
    const save = jest.fn();
    const debounced = debounce(save, WAIT_MS);
    debounced('now');
    debounced.flush();
    expect(save).toHaveBeenCalledWith('now');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('rejects a negative wait', () => {
    expect(() => debounce(() => undefined, -1)).toThrow(new RangeError('wait must be >= 0'));
  });
});
