// smells: assertion_roulette
const assert = require('node:assert');
const { chunk, flatten, uniq } = require('./arrays');

test('array helpers', () => {
  assert.deepStrictEqual(chunk([1, 2, 3], 2), [[1, 2], [3]]);
  assert.deepStrictEqual(flatten([[1], [2, [3]]]), [1, 2, 3]);
  assert.deepStrictEqual(uniq([1, 1, 2]), [1, 2]);
  assert.strictEqual(chunk([], 3).length, 0);
  assert.ok(Array.isArray(flatten([])));
  assert.deepStrictEqual(uniq([]), []);
});
