const test = require('node:test');
const assert = require('node:assert/strict');
const { retry } = require('./r7_retry');

test('retries after the backoff delay', async () => {
  let calls = 0;
  const start = Date.now();
  const result = await retry(async () => {
    calls += 1;
    if (calls === 1) throw new Error('flaky');
    return 'done';
  }, { baseMs: 50 });
  assert.equal(result, 'done');
  assert.ok(Date.now() - start >= 45);
});

test('does not call again after success', async () => {
  let calls = 0;
  await retry(async () => { calls += 1; return 1; });
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(calls, 1);
});
