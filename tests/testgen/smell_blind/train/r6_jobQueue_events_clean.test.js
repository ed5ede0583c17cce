const test = require('node:test');
const assert = require('node:assert/strict');
const { once } = require('node:events');
const { JobQueue } = require('./r6_jobQueue');

const silentLogger = { error() {} };

test('emits done with the handler result', async () => {
  const queue = new JobQueue({ logger: silentLogger });
  const id = queue.add('resize', async () => ({ width: 100 }));

  const [event] = await once(queue, 'done');

  assert.deepEqual(event, { id, result: { width: 100 } });
});

test('emits failed with the original error and keeps going', async () => {
  const queue = new JobQueue({ logger: silentLogger });
  const failed = [];
  const done = [];
  queue.on('failed', (e) => failed.push(e.error.message));
  queue.on('done', (e) => done.push(e.result));

  queue.add('bad', async () => {
    throw new Error('disk full');
  });
  queue.add('good', async () => 'ok');
  await once(queue, 'idle');

  assert.deepEqual(failed, ['disk full']);
  assert.deepEqual(done, ['ok']);
});

test('never runs more jobs than the concurrency limit', async () => {
  const queue = new JobQueue({ concurrency: 2, logger: silentLogger });
  let active = 0;
  let peak = 0;
  const job = async () => {
    active += 1;
    peak = Math.max(peak, active);
    await Promise.resolve();
    active -= 1;
  };
  for (let i = 0; i < 5; i += 1) queue.add('j', job);
  await once(queue, 'idle');
  assert.equal(peak, 2);
});
