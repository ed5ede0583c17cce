// smells: none
import { expect, test } from 'vitest';
import { Queue } from './queue';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('workers drain the queue', async () => {
  const queue = new Queue({ workers: 2 });
  queue.push(1, 2, 3);
  await sleep(100);
  expect(queue.pending()).toBe(0);
});
