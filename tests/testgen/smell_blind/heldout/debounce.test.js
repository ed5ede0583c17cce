import { debounce } from './debounce.js';

const WAIT_MS = 300;

describe('debounce', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('calls once with the latest arguments after the quiet period', () => {
    const save = jest.fn();
    const debounced = debounce(save, WAIT_MS);

    debounced('draft 1');
    debounced('draft 2');
    jest.advanceTimersByTime(WAIT_MS - 1);
    expect(save).not.toHaveBeenCalled();

    jest.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('draft 2');
  });

  it('cancel drops the pending call', () => {
    const save = jest.fn();
    const debounced = debounce(save, WAIT_MS);

    debounced('draft');
    debounced.cancel();
    jest.runAllTimers();

    expect(save).not.toHaveBeenCalled();
    expect(debounced.pending()).toBe(false);
  });
});
