const test = require('node:test');
const assert = require('node:assert/strict');
const { slugify, uniqueSlug } = require('./r7_slug');

test('uniqueSlug returns the plain slug when free', () => {
  const title = 'Hello, World!';
  assert.equal(uniqueSlug(title, new Set()), slugify(title));
});

test('uniqueSlug appends a counter when taken', () => {
  const title = 'Release Notes';
  const taken = new Set([slugify(title)]);
  assert.equal(uniqueSlug(title, taken), `${slugify(title)}-2`);
});
