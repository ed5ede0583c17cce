const test = require('node:test');
const assert = require('node:assert');
const { FileCache } = require('./r6_fileCache');

test('rejects an empty key', () => {
  const cache = new FileCache();
  assert.throws(() => cache.get(''));
});

test('rejects a non-string key', () => {
  const cache = new FileCache();
  assert.throws(() => {
    cache.get(42);
  }, Error);
});

test('readThroughAsync rejects when the loader fails', async () => {
  const cache = new FileCache();
  await assert.rejects(cache.readThroughAsync('cfg', (key, cb) => cb(new Error('ENOENT'))));
});
