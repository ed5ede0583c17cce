import test from 'ava';
import { Queue } from './e28_queue.js';

test('dequeue returns the oldest item', (t) => {
  const queue = new Queue();
  queue.enqueue(1);
  queue.enqueue(2);
  t.is(queue.dequeue(), 1);
  t.is(queue.size, 1);
});

test('an empty queue refuses to dequeue', (t) => {
  const queue = new Queue();
  t.throws(() => queue.dequeue(), { instanceOf: RangeError, message: 'queue is empty' });
});
