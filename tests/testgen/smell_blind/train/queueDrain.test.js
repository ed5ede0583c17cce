import { Queue } from './e28_queue.js';

function drain(queue) {
  const out = [];
  while (queue.size > 0) out.push(queue.dequeue());
  return out;
}

describe('draining a queue', () => {
  test('every drained item was enqueued', () => {
    const queue = new Queue();
    drain(queue).forEach((item) => {
      expect(['a', 'b']).toContain(item);
    });
  });

  test('the queue is empty afterwards', () => {
    const queue = new Queue();
    queue.enqueue('a');
    drain(queue);
    if (queue.peek() !== undefined) {
      expect(queue.size).toBe(0);
    }
  });
});
