const test = require('node:test');
const assert = require('node:assert');
const { JobQueue } = require('./r6_jobQueue');

test('failed jobs report their error', () => {
  const queue = new JobQueue({ logger: { error() {} } });
  queue.on('failed', ({ error }) => {
    assert.match(error.message, /timeout/);
  });
  queue.add('ok-job', async () => 'fine');
});

test('done event carries the job id', (t) => {
  const queue = new JobQueue();
  const id = queue.add('ping', () => 'pong');
  queue.once('done', (event) => {
    assert.strictEqual(event.id, id);
    assert.strictEqual(event.result, 'pong');
  });
});
