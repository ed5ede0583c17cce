// smells: none
const assert = require('node:assert');
const { chunk, flatten, uniq } = require('./arrays');

test('array helpers with reasons', () => {
  assert.deepStrictEqual(chunk([1, 2, 3], 2), [[1, 2], [3]], 'the last chunk is short');
  assert.deepStrictEqual(flatten([[1], [2, [3]]]), [1, 2, 3], 'flatten goes deep');
  assert.deepStrictEqual(uniq([1, 1, 2]), [1, 2], 'duplicates go');
  assert.strictEqual(chunk([], 3).length, 0, 'nothing to chunk');
  assert.ok(Array.isArray(flatten([])), 'always an array');
  assert.deepStrictEqual(uniq([]), [], 'empty stays empty');
});
