const test = require('node:test');
const assert = require('node:assert/strict');
const { parseDuration, formatDuration } = require('./r10_parseDuration');

test('formats zero as 0s', () => {
  assert.equal(formatDuration(0), '0s');
});

test('duration helpers', () => {
  assert.equal(parseDuration('45s'), 45);
  assert.equal(parseDuration('1d 1h'), 90000);
  assert.equal(parseDuration(' 3M '), 180);
  assert.throws(() => parseDuration('soon'), SyntaxError);
  assert.throws(() => parseDuration('   '), RangeError);
  assert.equal(formatDuration(3661), '1h 1m 1s');
  assert.equal(formatDuration(parseDuration('2h')), '2h');
});
