const { debounce } = require('./r2_debounce');

const DEBOUNCE_MS = 50;
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('debounce', () => {
  it('calls the function once after a burst of calls', async () => {
    const calls = [];
    const save = debounce((value) => calls.push(value), DEBOUNCE_MS);

    save('a');
    save('ab');
    save('abc');
    await wait(DEBOUNCE_MS * 2);

    expect(calls).toEqual(['abc']);
  });

  it('cancel prevents the pending call', async () => {
    const fn = jest.fn();
    const debounced = debounce(fn, DEBOUNCE_MS);
    debounced();
    debounced.cancel();
    await wait(DEBOUNCE_MS * 2);
    expect(fn).not.toHaveBeenCalled();
  });
});
