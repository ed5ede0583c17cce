const { debounce } = require('./r4_debounce');

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('debounce', () => {
  it('reports pending right after a call', () => {
    const d = debounce(() => {}, 100);
    d();
    expect(d.pending()).toBe(true);
    d.cancel();
  });

  it('fires once after calls stop', async () => {
    const fn = jest.fn();
    const d = debounce(fn, 50);
    d('a');
    d('b');
    await wait(120);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('b');
  });
});
