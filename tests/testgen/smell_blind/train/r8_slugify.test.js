import { describe, it, expect } from 'vitest';
import { slugify, uniqueSlug } from './r8_slugify';

describe('slugify', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Crème Brûlée  ', 'creme-brulee'],
    ['Salt & Pepper', 'salt-and-pepper'],
    ['--Already--slugged--', 'already-slugged'],
    ['C++ in 2024!', 'c-in-2024'],
  ])('slugify(%j) -> %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('supports a custom separator', () => {
    expect(slugify('Hello World', { separator: '_' })).toBe('hello_world');
  });

  it('cuts long slugs at a word boundary', () => {
    expect(slugify('alpha beta gamma delta', { maxLength: 15 })).toBe('alpha-beta');
  });

  it('rejects non-strings with a TypeError', () => {
    expect(() => slugify(42)).toThrow(TypeError);
    expect(() => slugify(42)).toThrow('slugify expects a string');
  });
});

describe('uniqueSlug', () => {
  it('appends the first free counter', () => {
    const taken = new Set(['my-post', 'my-post-2']);
    expect(uniqueSlug('My Post', taken)).toBe('my-post-3');
  });
});
