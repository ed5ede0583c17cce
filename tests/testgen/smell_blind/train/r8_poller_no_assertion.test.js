const test = require('node:test');
const assert = require('node:assert/strict');
const { Poller } = require('./r8_poller');

test('tick emits the first value as a change', async () => {
  const poller = new Poller(async () => 'ready');
  const seen = [];
  poller.on('change', (v) => seen.push(v));
  await poller.tick();
  assert.deepEqual(seen, ['ready']);
});

test('tick reports fetch errors', async () => {
  const poller = new Poller(async () => 'ok');
  poller.on('error', (err) => {
    assert.equal(err.message, 'boom');
  });
  await poller.tick();
});

test('failures reset after a success', async () => {
  let fail = true;
  const poller = new Poller(async () => { if (fail) throw new Error('x'); return 1; });
  poller.on('error', () => {});
  await poller.tick();
  fail = false;
  await poller.tick();
  assert.equal(poller.failures, 0);
});
