import { describe, expect, it, vi } from 'vitest';
import { wordCount } from './e28_textStats';

async function publish(text: string, deps: { save: (n: number) => void; notify: (m: string) => void; log: (m: string) => void }) {
  const count = wordCount(text);
  deps.save(count);
  deps.notify(`published ${count} words`);
  deps.log('publish done');
  return count;
}

describe('publishing counts the words once', () => {
  it('saves, notifies and logs', async () => {
    const save = vi.fn();
    const notify = vi.fn();
    const log = vi.fn();

    const count = await publish('three small words', { save, notify, log });

    expect(save).toHaveBeenCalledWith(3);
    expect(save).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('published 3 words');
    expect(log).toHaveBeenCalledWith('publish done');
    expect(notify.mock.calls).toHaveLength(1);
    expect(log).toHaveBeenCalledTimes(1);
    expect(count).toBe(3);
  });
});
