import { debounce } from './debounce.js';

const WAIT_MS = 100;
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('debounce', () => {
  it('collapses rapid calls into one trailing call', async () => {
    const save = jest.fn();
    const debouncedSave = debounce(save, WAIT_MS);

    debouncedSave('a');
    debouncedSave('b');
    debouncedSave('c');
    await wait(WAIT_MS + 50);

    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('c');
  });
});
