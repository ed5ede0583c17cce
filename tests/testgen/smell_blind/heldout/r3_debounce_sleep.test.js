const { debounce, throttle } = require('./r3_debounce');

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('debounce', () => {
  test('calls once with the last arguments after the burst', async () => {
    const fn = jest.fn();
    const d = debounce(fn, 50);
    d('a');
    d('b');
    d('c');
    await wait(120);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('c');
  });

  test('cancel prevents the pending call', async () => {
    const fn = jest.fn();
    const d = debounce(fn, 50);
    d();
    d.cancel();
    await wait(100);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('throttle', () => {
  test('drops calls inside the interval', () => {
    let now = 0;
    const fn = jest.fn((x) => x);
    const t = throttle(fn, 100, () => now);
    expect([t(1), t(2)]).toEqual([1, undefined]);
    now = 100;
    expect(t(3)).toBe(3);
  });
});
