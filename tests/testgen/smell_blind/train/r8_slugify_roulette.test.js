const test = require('node:test');
const assert = require('node:assert/strict');
const { slugify, uniqueSlug, stripAccents, MAX_LENGTH } = require('./r8_slugify');

test('slug helpers', () => {
  assert.equal(slugify('Hello'), 'hello');
  assert.equal(slugify('A & B'), 'a-and-b');
  assert.equal(stripAccents('ñ'), 'n');
  assert.equal(MAX_LENGTH, 60);
  assert.equal(slugify('x'.repeat(100)).length, 60);
  assert.equal(uniqueSlug('Hello', new Set(['hello'])), 'hello-2');
  assert.equal(slugify('  '), '');
  assert.throws(() => slugify(null), TypeError);
  assert.equal(slugify('Tab\tSeparated', { separator: '_' }), 'tab_separated');
  assert.equal(uniqueSlug('New', new Set()), 'new');
});

test('digits are preserved', () => {
  assert.equal(slugify('Route 66'), 'route-66');
});
