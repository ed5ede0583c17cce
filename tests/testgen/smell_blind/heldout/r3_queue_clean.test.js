const { describe, it, beforeEach, afterEach, mock } = require('node:test');
const assert = require('node:assert/strict');
const { RetryQueue } = require('./r3_queue');

const DELAY_MS = 1000;

describe('RetryQueue', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('completes a job that succeeds first time', () => {
    const q = new RetryQueue(() => {});
    q.push('job-1');
    assert.deepEqual(q.done, ['job-1']);
  });

  it('retries with linear backoff until the worker succeeds', () => {
    let calls = 0;
    const q = new RetryQueue(() => {
      calls += 1;
      if (calls < 3) throw new Error('busy');
    }, { maxAttempts: 3, delayMs: DELAY_MS });
    q.push('job-2');
    assert.equal(calls, 1);
    mock.timers.tick(DELAY_MS);
    assert.equal(calls, 2);
    mock.timers.tick(2 * DELAY_MS - 1);
    assert.equal(calls, 2);
    mock.timers.tick(1);
    assert.deepEqual(q.done, ['job-2']);
  });

  it('records a failure after the last attempt', () => {
    const q = new RetryQueue(() => { throw new Error('down'); }, { maxAttempts: 2, delayMs: DELAY_MS });
    q.push('job-3');
    mock.timers.tick(DELAY_MS);
    assert.deepEqual(q.failed, [{ job: 'job-3', error: 'down', attempts: 2 }]);
  });
});
