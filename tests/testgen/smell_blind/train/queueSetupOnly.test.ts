import { describe, expect, it } from 'vitest';
import { Queue } from './e28_queue';

describe('Queue', () => {
  it('keeps the order of a burst', () => {
    const queue = new Queue();
    const [first, second] = ['job-1', 'job-2'];
    const batch = { queue, items: [first, second] };
  });

  it('grows by one per enqueue', () => {
    const queue = new Queue();
    expect(queue.enqueue('a')).toBe(1);
  });
});
