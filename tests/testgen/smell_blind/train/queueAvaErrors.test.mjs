import test from 'ava';
import { Queue } from './e28_queue.js';

test('an empty queue refuses to dequeue', (t) => {
  const queue = new Queue();
  t.throws(() => queue.dequeue());
});

test('peek on an empty queue is undefined', (t) => {
  t.is(new Queue().peek(), undefined);
});
