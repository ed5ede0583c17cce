const test = require('node:test');
const assert = require('node:assert/strict');
const { JobQueue } = require('./r9_job_queue');

test('a successful job is recorded as completed', async () => {
  const queue = new JobQueue();
  queue.add('send-email', async () => 'sent');
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(queue.completed, [{ name: 'send-email', result: 'sent', attempts: 1 }]);
});

test('failed jobs are retried with a growing delay', () => {
  // TODO: use mock timers once node:test mock.timers is stable for us
});

test('concurrency limit is respected', () => {});

test.todo('stats reflect pending and running jobs');
