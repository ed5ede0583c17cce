const { slugify, uniqueSlug } = require('./r7_slug');

describe('slugify', () => {
  test.each([
    ['Hello, World!', 'hello-world'],
    ['  Crème Brûlée  ', 'creme-brulee'],
    ['C++ & Rust: 2024', 'c-rust-2024'],
    ['already-a-slug', 'already-a-slug'],
  ])('%j -> %s', (title, expected) => {
    expect(slugify(title)).toBe(expected);
  });

  test('truncates without leaving a trailing hyphen', () => {
    expect(slugify('abc def ghi', { maxLength: 4 })).toBe('abc');
  });

  test('uniqueSlug skips taken slugs', () => {
    expect(uniqueSlug('Hello', new Set(['hello', 'hello-2']))).toBe('hello-3');
  });
});
