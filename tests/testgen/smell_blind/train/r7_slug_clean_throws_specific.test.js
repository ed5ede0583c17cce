const test = require('node:test');
const assert = require('node:assert/strict');
const { slugify } = require('./r7_slug');

test('non-string input is a TypeError', () => {
  assert.throws(() => slugify(42), { name: 'TypeError', message: 'slugify expects a string' });
});

test('punctuation-only titles are rejected with the title quoted', () => {
  assert.throws(() => slugify('!!!'), /cannot slugify "!!!"/);
});
