const test = require('node:test');
const assert = require('node:assert/strict');
const { JobQueue } = require('./r4_queue');

test('high priority jobs run first', async () => {
  const q = new JobQueue({ concurrency: 1 });
  q.push(async () => 'low', 0);
  q.push(async () => 'high', 10);
  assert.deepEqual(await q.drain(), ['high', 'low']);
});

test('drains everything in batches', async () => {
  const q = new JobQueue({ concurrency: 7 });
  for (let i = 0; i < 23; i++) q.push(async () => i * 3, i % 4);
  const out = await q.drain();
  assert.equal(out.length, 23);
});
