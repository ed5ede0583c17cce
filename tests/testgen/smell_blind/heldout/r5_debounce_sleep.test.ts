import { describe, it, expect, vi } from 'vitest';
import { debounce } from './r5_debounce';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('debounce', () => {
  it('is not pending before the first call', () => {
    const debounced = debounce(vi.fn(), 50);
    expect(debounced.pending()).toBe(false);
  });

  it('collapses a burst of calls into one', async () => {
    const onSearch = vi.fn();
    const debounced = debounce(onSearch, 50);

    debounced('r');
    debounced('re');
    debounced('rea');
    await delay(120);

    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('rea');
  });

  it('flush on an idle debouncer does nothing', () => {
    const fn = vi.fn();
    debounce(fn, 50).flush();
    expect(fn).not.toHaveBeenCalled();
  });
});
