import { describe, expect, it } from 'vitest';
import { Queue } from './e28_queue';

describe('Queue.peek', () => {
  it('is undefined on an empty queue', () => {
    const queue = new Queue();
    expect(queue.peek()).toBeUndefined;
  });
});
