// smells: none
const assert = require('node:assert/strict');
const { chunk } = require('./arrays');

test('chunks of two', () => {
  assert.deepEqual(chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
});

test('a size below one is refused', () => {
  assert.throws(() => chunk([1], 0), RangeError);
});
