import { describe, expect, it } from 'vitest';
import { Queue } from './e28_queue';

const ORDERS: Array<[string[], string]> = [
  [['a'], 'a'],
  [['b', 'c'], 'b'],
];

describe('Queue', () => {
  it('dequeues the first of each batch', () => {
    for (const [batch, first] of ORDERS) {
      const queue = new Queue();
      batch.forEach((item) => queue.enqueue(item));
      expect(queue.dequeue()).toBe(first);
    }
  });

  it('reports sizes for known batches', () => {
    [1, 2, 3].forEach((count) => {
      const queue = new Queue();
      for (let i = 0; i < count; i += 1) queue.enqueue(i);
      expect(queue.size).toBe(count);
    });
  });
});
