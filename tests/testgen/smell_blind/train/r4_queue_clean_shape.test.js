import { describe, it, expect, vi } from 'vitest';
const { JobQueue } = require('./r4_queue');

describe('JobQueue.drain', () => {
  it('respects concurrency and stores each batch', async () => {
    const store = { save: vi.fn().mockResolvedValue(undefined) };
    const q = new JobQueue({ concurrency: 2, store });
    ['a', 'b', 'c'].forEach((v) => q.push(async () => v));

    const done = await q.drain();

    expect(done).toEqual(['a', 'b', 'c']);
    expect(store.save.mock.calls).toEqual([[['a', 'b']], [['c']]]);
    expect(q.running).toBe(0);
    expect(q.pending).toEqual([]);
  });

  it('returns a copy, not the internal array', async () => {
    const q = new JobQueue();
    q.push(async () => 1);
    const done = await q.drain();
    done.push(99);
    expect(q.done).toEqual([1]);
  });
});
