const { debounce } = require('./r6_debounce');

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('debounce', () => {
  it('calls the function once with the last arguments', async () => {
    const save = jest.fn();
    const debounced = debounce(save, 100);

    debounced('a');
    debounced('b');
    debounced('c');
    await wait(250);

    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('c');
  });

  it('does not call the function after cancel', async () => {
    const save = jest.fn();
    const debounced = debounce(save, 50);
    debounced('x');
    debounced.cancel();
    await wait(120);
    expect(save).not.toHaveBeenCalled();
  });
});
