import { describe, it } from 'node:test';
import { Queue } from './e28_queue.js';

describe('Queue', () => {
  it('peeks without removing', (t) => {
    const queue = new Queue();
    queue.enqueue('a');
    t.assert.strictEqual(queue.peek(), 'a');
    t.assert.strictEqual(queue.size, 1);
  });

  it('drains to empty', () => {
    const queue = new Queue();
    queue.enqueue('a');
    queue.dequeue();
    if (queue.size !== 0) {
      throw new Error(`expected an empty queue, found ${queue.size} items`);
    }
  });
});
